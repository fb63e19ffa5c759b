import { describe, expect, it } from 'vitest';
import { parseInline, parseMarkdown } from './markdown.ts';

const text = (t: string) => ({ kind: 'text', text: t });

describe('parseMarkdown (help articles)', () => {
  it('reads headings, paragraphs, lists, quotes and code blocks', () => {
    const blocks = parseMarkdown(
      [
        '## Finding calls',
        '',
        'Pick the time',
        'range first.',
        '',
        '1. Pick a **Field**',
        '2. Type a value',
        '   that wraps',
        '',
        '- one',
        '* two',
        '',
        '> A note',
        '',
        '```',
        '<b>kept as text</b>',
        '```',
        '#### Deep',
        '# Top',
      ].join('\n'),
    );
    expect(blocks).toEqual([
      { kind: 'heading', level: 2, children: [text('Finding calls')] },
      { kind: 'paragraph', children: [text('Pick the time range first.')] },
      {
        kind: 'list',
        ordered: true,
        items: [
          [text('Pick a '), { kind: 'strong', children: [text('Field')] }],
          [text('Type a value that wraps')],
        ],
      },
      { kind: 'list', ordered: false, items: [[text('one')], [text('two')]] },
      { kind: 'quote', children: [text('A note')] },
      { kind: 'code', text: '<b>kept as text</b>' },
      { kind: 'heading', level: 4, children: [text('Deep')] },
      // The article's own title is the drawer's: headings inside start at level 2.
      { kind: 'heading', level: 2, children: [text('Top')] },
    ]);
  });

  it('reads bold, italic, code and links; only web and help links become links', () => {
    expect(parseInline('a **b** _c_ *d* `e*f` snake_case_name')).toEqual([
      text('a '),
      { kind: 'strong', children: [text('b')] },
      text(' '),
      { kind: 'em', children: [text('c')] },
      text(' '),
      { kind: 'em', children: [text('d')] },
      text(' '),
      { kind: 'code', text: 'e*f' },
      text(' snake_case_name'),
    ]);
    expect(
      parseInline('[Docs](https://example.com/x) [Explorer](explorer.md#score) [x](./groups.md)'),
    ).toEqual([
      { kind: 'link', href: 'https://example.com/x', children: [text('Docs')] },
      text(' '),
      { kind: 'help', page: 'explorer', children: [text('Explorer')] },
      text(' '),
      { kind: 'help', page: 'groups', children: [text('x')] },
    ]);
    // Anything else stays text: no javascript: or relative app links, no HTML.
    expect(parseInline('[run](javascript:alert) [home](/g/home) <img src=x onerror=y>')).toEqual([
      text('run'),
      text(' '),
      text('home'),
      text(' <img src=x onerror=y>'),
    ]);
    expect(parseInline('[run](javascript:alert(1))')).toEqual([text('[run](javascript:alert(1))')]);
    expect(parseInline('\\*not em\\* and 2 * 3 * 4')).toEqual([text('*not em* and 2 * 3 * 4')]);
  });
});
