/**
 * The posted form of a request, or null when its body cannot be read as one (cut short, not form
 * encoded, malformed). Actions answer null with their own 400 rather than a server error.
 */
export async function readForm(request: Request): Promise<FormData | null> {
  try {
    return await request.formData();
  } catch {
    return null;
  }
}
