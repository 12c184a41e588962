import { PageContainer } from '@web/components/page';
import { SeriesView } from '@web/features/events/components/series-page';
import { useParams } from 'react-router';

/** /events/series/{seriesId}: a series of games (issue 26). Public. */
export function EventSeriesPage() {
  const { seriesId = '' } = useParams();
  return (
    <PageContainer>
      <SeriesView key={seriesId} id={seriesId} />
    </PageContainer>
  );
}
