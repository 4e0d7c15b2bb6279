// The error toasts of the book and product/service editors: titled 'Error' with
// the failure text as the description (the server's reason after it when the
// member can act on it), and the plan's message when the free plan is full.
import { describe, expect, it } from 'vitest';
import { ITEM_MESSAGES } from '../../../../src/domain/items/item-save';
import { LIMIT_MESSAGES } from '../../../../src/domain/items/plan-limits';
import { failureToast } from '../../../../src/islands/ui/failure-toast';
import { saveFailureToast } from '../../../../src/islands/items/save-failure-toast';

describe('owned-item failure toasts', () => {
  it('title a failure Error and describe it with the failure text', () => {
    expect(failureToast(ITEM_MESSAGES.bookSaveFailed)).toEqual({
      title: 'Error',
      description: 'Failed to save book.',
      variant: 'destructive',
    });
    expect(
      failureToast(ITEM_MESSAGES.productDeleteFailed, { code: 'internal', message: 'INTERNAL' }),
    ).toEqual({
      title: 'Error',
      description: 'Failed to delete product/service.',
      variant: 'destructive',
    });
  });
  it("add the server's reason when the member can act on it", () => {
    expect(
      failureToast(ITEM_MESSAGES.bookSaveFailed, {
        code: 'permission-denied',
        message: ITEM_MESSAGES.notAllowed,
      }).description,
    ).toBe('Failed to save book. Insufficient permissions to edit this item');
  });
  it("show the plan's message when a save is refused for the limit", () => {
    expect(
      saveFailureToast(ITEM_MESSAGES.productSaveFailed, 'products_services', {
        code: 'resource-exhausted',
        message: 'limit',
      }),
    ).toEqual({
      title: 'Error',
      description: LIMIT_MESSAGES.products_services,
      variant: 'destructive',
      link: { label: 'Upgrade to Premium', href: '/billing/upgrade' },
    });
  });
});
