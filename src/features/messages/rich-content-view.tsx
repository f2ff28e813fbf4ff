/**
 * Renders a template message's rich content (format: `core/rules/rich-content-format.ts`) as React elements. Text is always
 * a text node (React escapes it); nothing is ever set as HTML. Links are the checked http/https/mailto ones only;
 * web links open in a new tab without access to this page (`noopener noreferrer`).
 */
import { Fragment, type ReactNode } from 'react';
import { css } from '../../../styled-system/css';
import type { RichBlock, RichDocument, RichInline, RichText } from '../../../core/rules/rich-content-format';

const styles = {
  body: css({
    lineHeight: '1.55', overflowWrap: 'anywhere',
    '& > * + *': { mt: '3' },
    '& h2': { fontSize: 'xl', fontWeight: '700' },
    '& h3': { fontSize: 'lg', fontWeight: '700' },
    '& h4': { fontSize: 'md', fontWeight: '700' },
    '& ul': { listStyle: 'disc', pl: '6' },
    '& ol': { listStyle: 'decimal', pl: '6' },
    '& li + li': { mt: '1' },
    '& a': { color: 'brand.700', textDecoration: 'underline', _focusVisible: { outline: '3px solid', outlineColor: 'brand.500', outlineOffset: '2px' } },
  }),
};

function Text({ leaf }: { leaf: RichText }) {
  let node: ReactNode = leaf.text;
  if (leaf.italic) node = <em>{node}</em>;
  if (leaf.bold) node = <strong>{node}</strong>;
  return <>{node}</>;
}

function Inline({ node }: { node: RichInline }) {
  if ('type' in node) {
    const web = !node.url.startsWith('mailto:');
    return (
      <a href={node.url} {...(web ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
        {node.children.map((leaf, i) => <Text key={i} leaf={leaf} />)}
      </a>
    );
  }
  return <Text leaf={node} />;
}

const inlines = (children: RichInline[]) => children.map((child, i) => <Inline key={i} node={child} />);

function Block({ block }: { block: RichBlock }) {
  switch (block.type) {
    case 'heading': {
      // The page's h1 is the subject: content headings start at h2.
      const Tag = (['h2', 'h3', 'h4'] as const)[block.level - 1];
      return <Tag>{inlines(block.children)}</Tag>;
    }
    case 'paragraph':
      return <p>{inlines(block.children)}</p>;
    case 'bulleted-list':
    case 'numbered-list': {
      const List = block.type === 'bulleted-list' ? 'ul' : 'ol';
      return <List>{block.children.map((item, i) => <li key={i}>{inlines(item.children)}</li>)}</List>;
    }
  }
}

export function RichContent({ document }: { document: RichDocument }) {
  return (
    <div className={styles.body} data-testid="rich-content">
      {document.map((block, i) => <Fragment key={i}><Block block={block} /></Fragment>)}
    </div>
  );
}
