import { FormattedMessage } from 'react-intl';
import { useStaticContent } from '../api/content.ts';
import { ErrorBox } from './ErrorBox.tsx';
import { Loading } from './Loading.tsx';
import { Markdown } from './Markdown.tsx';

export type HeadingLevel = 1 | 2 | 3 | 4 | 5;

/**
 * A static content block of the content system: its Name as a heading (h1-h5, default h2) and
 * its markdown Body. On failure a warning box: "Error" and `Not found: "{alias}"`.
 */
export function StaticContent({ alias, level = 2 }: { alias: string; level?: HeadingLevel }) {
  const { content, isPending, isError } = useStaticContent(alias);
  if (isPending) return <Loading />;
  if (isError || !content) {
    return (
      <ErrorBox variant="warning">
        <FormattedMessage id="common.notFound" values={{ alias }} />
      </ErrorBox>
    );
  }
  const Heading = `h${level}` as const;
  return (
    <section className="static-content" data-alias={alias}>
      {content.name ? <Heading>{content.name}</Heading> : null}
      <Markdown>{content.body}</Markdown>
    </section>
  );
}
