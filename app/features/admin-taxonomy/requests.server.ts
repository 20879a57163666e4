/**
 * The loaders and actions of /admin/niches and /admin/parent-subcategories: the admin gate, the
 * same-origin check, the forms, and the answers (a redirect back with a toast, or a refusal with
 * its message and 400/404). The routes only call these.
 */
import { data, redirect } from "react-router";
import { getDb } from "~/db/registry.server";
import { requireAdmin } from "~/domain/auth/session.server";
import { setFlash, type Flash } from "~/domain/flash.server";
import { parseForm } from "~/lib/forms";
import { readForm } from "~/lib/http/form-body";
import { assertSameOrigin } from "~/lib/http/origin.server";
import { logger } from "~/lib/logger.server";
import { MESSAGES, NICHE_INTENTS, SUBCATEGORY_INTENTS, nameForm, parseId, parseIds, type PublishStatus } from "./admin-taxonomy";
import {
  createTaxon,
  deleteTaxa,
  renameTaxon,
  setTaxonStatus,
} from "./mutations/taxa.server";
import type { TaxonKind } from "./taxon-rules.server";
import { createChildSubcategory, setNicheSubcategories, setSubcategoryChildren } from "./mutations/membership.server";
import { childOptions, listNiches, listParentSubcategories, subcategoryOptions } from "./queries.server";

/** What a refused action answers; `intent` and `id` say which form it belongs to. */
export interface TaxonomyActionData {
  error: string;
  intent: string;
  id?: number;
}

async function back(request: Request, flash: Flash) {
  const url = new URL(request.url);
  return redirect(url.pathname, { headers: { "Set-Cookie": await setFlash(flash) } });
}

function refuse(error: string, intent: string, status: 400 | 404 = 400, id?: number) {
  return data<TaxonomyActionData>({ error, intent, ...(id ? { id } : {}) }, { status });
}

/* ------------------------------------------------------------------ Loaders */

export async function nichesLoader(request: Request, context: unknown) {
  await requireAdmin(request, context);
  const db = getDb();
  try {
    const [niches, subcategories] = await Promise.all([listNiches(db), subcategoryOptions(db)]);
    return { niches, subcategories, loadError: null };
  } catch (error) {
    logger().error({ err: error }, "niches could not be loaded");
    return { niches: [], subcategories: [], loadError: MESSAGES.nichesLoadFailed };
  }
}

export async function parentSubcategoriesLoader(request: Request, context: unknown) {
  await requireAdmin(request, context);
  const db = getDb();
  try {
    const [subcategories, children] = await Promise.all([listParentSubcategories(db), childOptions(db)]);
    return { subcategories, childOptions: children, loadError: null };
  } catch (error) {
    logger().error({ err: error }, "parent subcategories could not be loaded");
    return { subcategories: [], childOptions: [], loadError: MESSAGES.subcategoriesLoadFailed };
  }
}

/* ------------------------------------------------------------------ Actions */

interface KindTexts {
  exists: string;
  addFailed: string;
  updateFailed: string;
  statusFailed: string;
  deleteOneFailed: string;
  deleteManyFailed: string;
  label: string;
  plural: string;
}

const TEXTS: Record<TaxonKind, KindTexts> = {
  niche: {
    exists: MESSAGES.nicheExists,
    addFailed: MESSAGES.nicheAddFailed,
    updateFailed: MESSAGES.nicheUpdateFailed,
    statusFailed: MESSAGES.nicheUpdateFailed,
    deleteOneFailed: MESSAGES.nicheDeleteFailed,
    deleteManyFailed: MESSAGES.nichesDeleteFailed,
    label: "Niche",
    plural: "niches",
  },
  subcategory: {
    exists: MESSAGES.subcategoryExists,
    addFailed: MESSAGES.subcategoryAddFailed,
    updateFailed: MESSAGES.subcategoryUpdateFailed,
    statusFailed: MESSAGES.subcategoryStatusFailed,
    deleteOneFailed: MESSAGES.subcategoryDeleteFailed,
    deleteManyFailed: MESSAGES.subcategoriesDeleteFailed,
    label: "Subcategory",
    plural: "subcategories",
  },
};

function parseStatus(value: FormDataEntryValue | null): PublishStatus | null {
  return value === "published" || value === "draft" ? value : null;
}

async function taxonomyAction(request: Request, context: unknown, kind: TaxonKind) {
  assertSameOrigin(request);
  const admin = await requireAdmin(request, context);
  const form = await readForm(request);
  const intents: readonly string[] = kind === "niche" ? NICHE_INTENTS : SUBCATEGORY_INTENTS;
  const intent = form?.get("intent");
  if (!form || typeof intent !== "string" || !intents.includes(intent)) return refuse(MESSAGES.unknownAction, "unknown");
  const texts = TEXTS[kind];
  const db = getDb();

  const failed = async (message: string, error: unknown) => {
    logger().error({ err: error, kind, intent }, "taxonomy write failed");
    return back(request, { kind: "error", message });
  };

  if (intent === "create") {
    const parsed = parseForm(nameForm, form);
    if (!parsed.ok) return refuse(parsed.errors.name ?? parsed.errors.form ?? MESSAGES.nameRequired, intent);
    try {
      const result = await createTaxon(db, admin, kind, parsed.data.name);
      if (!result.ok) return refuse(texts.exists, intent);
      return back(request, { kind: "success", message: `${texts.label} added: ${result.value.name}` });
    } catch (error) {
      return failed(texts.addFailed, error);
    }
  }

  if (intent === "bulk-delete") {
    const ids = parseIds(form.getAll("ids"));
    if (!ids) return refuse(MESSAGES.badSelection, intent);
    try {
      const result = await deleteTaxa(db, admin, kind, ids);
      if (!result.deleted.length) return refuse(MESSAGES.notFound, intent, 404);
      const n = result.deleted.length;
      return back(request, { kind: "success", message: `${n} ${n === 1 ? texts.label.toLowerCase() : texts.plural} deleted` });
    } catch (error) {
      return failed(texts.deleteManyFailed, error);
    }
  }

  const id = parseId(form.get("id"));
  if (id === null) return refuse(MESSAGES.notFound, intent, 404);

  if (intent === "rename") {
    const parsed = parseForm(nameForm, form);
    if (!parsed.ok) return refuse(parsed.errors.name ?? parsed.errors.form ?? MESSAGES.nameRequired, intent, 400, id);
    try {
      const result = await renameTaxon(db, admin, kind, id, parsed.data.name);
      if (!result.ok) return result.reason === "exists" ? refuse(texts.exists, intent, 400, id) : refuse(MESSAGES.notFound, intent, 404, id);
      return back(request, { kind: "success", message: `${texts.label} renamed to ${result.value.name}` });
    } catch (error) {
      return failed(texts.updateFailed, error);
    }
  }

  if (intent === "status") {
    const status = parseStatus(form.get("status"));
    if (!status) return refuse(texts.statusFailed, intent, 400, id);
    try {
      const result = await setTaxonStatus(db, admin, kind, id, status);
      if (!result.ok) return refuse(MESSAGES.notFound, intent, 404, id);
      const shown = status === "published" ? "published" : "moved to draft";
      return back(request, { kind: "success", message: `${result.value.name} ${shown}` });
    } catch (error) {
      return failed(texts.statusFailed, error);
    }
  }

  if (intent === "delete") {
    try {
      const result = await deleteTaxa(db, admin, kind, [id]);
      if (!result.deleted.length) return refuse(MESSAGES.notFound, intent, 404, id);
      return back(request, { kind: "success", message: `${texts.label} deleted: ${result.deleted[0]!.name}` });
    } catch (error) {
      return failed(texts.deleteOneFailed, error);
    }
  }

  if (intent === "add-child") {
    const parsed = parseForm(nameForm, form);
    if (!parsed.ok) return refuse(parsed.errors.name ?? parsed.errors.form ?? MESSAGES.nameRequired, intent, 400, id);
    try {
      const result = await createChildSubcategory(db, admin, id, parsed.data.name);
      if (!result.ok) return result.reason === "exists" ? refuse(texts.exists, intent, 400, id) : refuse(MESSAGES.notFound, intent, 404, id);
      return back(request, { kind: "success", message: `Child subcategory added: ${result.value.name}` });
    } catch (error) {
      return failed(MESSAGES.childAddFailed, error);
    }
  }

  // A membership checklist (a parent's children, a niche's subcategories): the checked ids, maybe none.
  const saveMembers = async (field: string, write: (ids: number[]) => Promise<{ ok: boolean }>, saved: string, failure: string) => {
    const ids = parseIds(form.getAll(field), { allowEmpty: true });
    if (!ids) return refuse(MESSAGES.badSelection, intent, 400, id);
    try {
      if (!(await write(ids)).ok) return refuse(MESSAGES.notFound, intent, 404, id);
      return back(request, { kind: "success", message: saved });
    } catch (error) {
      return failed(failure, error);
    }
  };
  if (intent === "children") {
    return saveMembers("childIds", (ids) => setSubcategoryChildren(db, admin, id, ids), "Child subcategories saved", MESSAGES.childrenFailed);
  }
  // intent === "subcategories" (niches only)
  return saveMembers("subcategoryIds", (ids) => setNicheSubcategories(db, admin, id, ids), "Niche subcategories saved", MESSAGES.nicheSubcategoriesFailed);
}

export const nichesAction = (request: Request, context: unknown) => taxonomyAction(request, context, "niche");
export const parentSubcategoriesAction = (request: Request, context: unknown) => taxonomyAction(request, context, "subcategory");
