/** Expectations about the reviews' burst guard shared by the unit and functions tests. */

/** The moderation of a burst of reviews in order: `published` of them published, then `held` held. */
export function publishedThenHeld(published: number, held: number): string[] {
  return [...Array<string>(published).fill('published'), ...Array<string>(held).fill('held')];
}
