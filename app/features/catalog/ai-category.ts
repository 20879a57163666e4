/** The spec's pseudo-category for All AI Tools: the subcategories about AI, across niches. */
export const AI_CATEGORY_SLUG = "ai-&-automation";
export const AI_CATEGORY_NAME = "AI & Automation";
