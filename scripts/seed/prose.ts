// Invented prose for manuscript excerpts (free reads). Paragraphs are generic
// enough to sit in any chapter of any demo book.

/** Paragraphs the generator combines into chapters. */
export const MANUSCRIPT_PARAGRAPHS = [
  'The morning the letter arrived, the fog had not lifted from the harbour for three days. Ada stood at the window with her coffee going cold and watched the fishing boats stay tied to the quay, their masts ticking against one another like clocks that disagreed about the time.',
  'Nobody in the village remembered who had planted the orchard. The trees were older than the church and older than the road, and every autumn they dropped more apples than anyone could gather, as if they were trying to prove something.',
  'He counted the steps down to the archive twice, the way his grandfather had taught him: once going down, once coming back, so the stairs could never take more of you than they gave.',
  'The map was wrong. That was the first thing she understood, standing at the crossroads with the rain finding its way down the back of her collar. The river was on the wrong side. The bridge had never existed. And yet the map had brought her exactly where she needed to be.',
  '"You kept it," he said, and it was not a question. The little brass compass sat on the kitchen table between them, its needle trembling, refusing to settle on north.',
  "In the library after closing, the books seemed to breathe. Mara walked the aisles with her torch and her trolley, re-shelving the day's returns, and tried not to notice the volumes that had moved since the morning.",
  'There is a particular silence that falls over a house when someone has just left it. It is not the absence of sound but the presence of a question, and that evening the question filled every room.',
  'The station clock had stopped at seven minutes past four, and the stationmaster insisted that this was the correct time, and that it was the rest of the world that had fallen out of step.',
  'She wrote the first line of the letter eleven times. By the twelfth she had stopped trying to sound brave and simply wrote what was true: I am sorry, I am coming home, please leave the light on.',
  'The storm arrived exactly when the almanac said it would, which frightened the old men at the harbour more than the storm itself.',
  'Every good habit begins as an awkward experiment. In this chapter we look at why the first two weeks feel so hard, and at three small changes that make the third week feel easy.',
  'Researchers who followed two hundred families for a decade found something surprising: the households that read together at least once a week reported fewer arguments, more shared jokes and, oddly, better sleep.',
] as const;
