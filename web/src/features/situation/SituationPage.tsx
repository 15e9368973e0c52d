import { useParams } from 'react-router';
import { PageHeader } from '../../shared/ui/PageHeader.tsx';

/** Placeholder until the issue for this screen fills it. */
export function SituationPage() {
  // date is YYYY-MM-DD; without it the latest report.
  const { date } = useParams();
  return (
    <div className="situation" data-date={date ?? 'latest'}>
      <PageHeader titleId="situation.title" />
    </div>
  );
}
