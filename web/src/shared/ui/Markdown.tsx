import ReactMarkdown from 'react-markdown';

/**
 * Content system markdown. Raw HTML is dropped (`skipHtml`) and react-markdown's default URL
 * filter removes `javascript:` links, so editors' text cannot run script on the site.
 */
export function Markdown({ children }: { children: string }) {
  return (
    <div className="markdown">
      <ReactMarkdown skipHtml>{children}</ReactMarkdown>
    </div>
  );
}
