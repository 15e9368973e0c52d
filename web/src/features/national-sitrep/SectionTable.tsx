import { ReportTable, type ReportTableProps } from '../../shared/ui/ReportTable.tsx';

/** A report table whose caption is read by screen readers only (the section's heading shows it). */
export function SectionTable(props: Omit<ReportTableProps, 'className' | 'captionHidden'>) {
  return <ReportTable {...props} captionHidden />;
}
