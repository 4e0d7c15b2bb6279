// FeaturedSlots: the numbered slots of featured books and profiles, each with
// Change (Assign when empty) and, when filled, Remove.
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import FeaturedSlots from '../../../../src/islands/admin/FeaturedSlots';

const render = (removing: (position: number) => boolean) =>
  renderToStaticMarkup(
    createElement(FeaturedSlots<{ title: string }>, {
      label: 'Featured book slots',
      slots: [{ title: 'Dune' }, null],
      name: (book) => book.title,
      removing,
      onPick: () => {},
      onRemove: () => {},
    }),
  );

describe('FeaturedSlots', () => {
  it('names each slot by its number and offers Change and Remove when filled, Assign when empty', () => {
    const html = render(() => false);
    expect(html).toMatch(/^<ol [^>]*aria-label="Featured book slots">/);
    const [first, second] = html.split('</li>');
    expect(first).toContain('aria-label="Slot 1"');
    expect(first).toContain('<span class="font-semibold">1.</span> Dune');
    expect(first).toContain('>Change</button>');
    expect(first).toContain('>Remove</button>');
    expect(second).toContain('aria-label="Slot 2"');
    expect(second).toContain('Empty');
    expect(second).toContain('>Assign</button>');
    expect(second).not.toContain('Remove');
  });

  it('disables Remove of the slot being emptied', () => {
    expect(render((position) => position === 1)).toMatch(/<button[^>]*disabled=""[^>]*>Remove<\/button>/);
    expect(render(() => false)).not.toContain('disabled');
  });
});
