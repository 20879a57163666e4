import { data } from "react-router";
import type { Alternative, AlternativesSubject } from "./alternatives";
import { alternativesSubject, findAlternatives } from "./queries.server";

export interface AlternativesPageData {
  subject: AlternativesSubject;
  alternatives: Alternative[];
}

/** `/alternatives/{slug}`: a live product and the products most like it; 404 for anything else. */
export async function alternativesLoader(slug: string): Promise<AlternativesPageData> {
  const subject = slug.length <= 200 ? await alternativesSubject(slug) : undefined;
  if (!subject) throw data({ message: "The product you're looking for doesn't exist or has been removed." }, { status: 404 });
  return { subject, alternatives: await findAlternatives(subject) };
}
