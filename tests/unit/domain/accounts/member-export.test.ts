import { describe, expect, it } from 'vitest';
import {
  exportDocument,
  exportValue,
  inCreationOrder,
  memberExportFileName,
} from '../../../../src/domain/accounts/member-export.ts';

describe('exportValue', () => {
  it('turns times into ISO strings, deep inside maps and lists', () => {
    const stamp = { toDate: () => new Date('2025-03-04T05:06:07Z') };
    expect(
      exportValue({ at: stamp, list: [new Date('2024-01-01T00:00:00Z')], n: 3, s: 'x', nil: null }),
    ).toEqual({
      at: '2025-03-04T05:06:07.000Z',
      list: ['2024-01-01T00:00:00.000Z'],
      n: 3,
      s: 'x',
      nil: null,
    });
  });

  it('keeps fields it does not know', () => {
    expect(exportDocument('b1', { title: 'T', new_field: { deep: true } })).toEqual({
      id: 'b1',
      title: 'T',
      new_field: { deep: true },
    });
  });
});

describe('inCreationOrder', () => {
  it('sorts oldest first, then by id', () => {
    const docs = [
      { id: 'c', created_at: '2025-01-02T00:00:00.000Z' },
      { id: 'b', created_at: '2025-01-01T00:00:00.000Z' },
      { id: 'a', created_at: '2025-01-02T00:00:00.000Z' },
    ];
    expect(inCreationOrder(docs).map((d) => d.id)).toEqual(['b', 'a', 'c']);
  });
});

describe('memberExportFileName', () => {
  it('names the file after the member and the day', () => {
    expect(memberExportFileName('Jane-Doe', new Date('2026-11-23T02:00:00Z'))).toBe(
      'shelfmark-data-jane-doe-2026-11-23.json',
    );
    expect(memberExportFileName('../../x', new Date('2026-11-23T02:00:00Z'))).toBe(
      'shelfmark-data-x-2026-11-23.json',
    );
  });
});
