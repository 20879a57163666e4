/**
 * What the makers' numbers leave out (issue 36): said wherever a maker reads them (My Products'
 * charts, the product page's stats row), so "0 views" after testing one's own listing reads as
 * counted correctly rather than broken. The counting itself is app/features/stats/mutations.server.ts.
 */
export const STATS_COUNTING_NOTE = "Views from bots and your own visits are not counted.";
