import { ReportTable, type ReportTableProps } from '../../shared/ui/ReportTable.tsx';

/** A table of the report (report-table: its print and phone layout in situation.css). */
export function SituationTable(props: Omit<ReportTableProps, 'className'>) {
  return <ReportTable {...props} className="report-table" />;
}
