import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { avatarKey, isAvatarKeyOf, processAvatar } from "./avatar.server";
import { AVATAR_SIZE_MESSAGE, AVATAR_TYPE_MESSAGE } from "./profile";

function picture(width = 600, height = 400) {
  return sharp({ create: { width, height, channels: 3, background: { r: 30, g: 120, b: 200 } } });
}

describe("processAvatar", () => {
  it.each([
    ["png", () => picture().png().toBuffer()],
    ["jpeg", () => picture().jpeg().toBuffer()],
    ["webp", () => picture().webp().toBuffer()],
    ["gif", () => picture().gif().toBuffer()],
    ["avif", () => picture(64, 64).avif().toBuffer()],
  ])("turns a %s into a 256 x 256 WebP", async (_format, make) => {
    const result = await processAvatar(await make());
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const metadata = await sharp(result.webp).metadata();
    expect(metadata).toMatchObject({ format: "webp", width: 256, height: 256 });
  });

  it("drops the picture's metadata (EXIF with camera and place)", async () => {
    const jpeg = await picture()
      .jpeg()
      .withExif({ IFD0: { Make: "SecretCam", Copyright: "Someone" } })
      .toBuffer();
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();
    const result = await processAvatar(jpeg);
    if (!result.ok) throw new Error(result.error);
    const metadata = await sharp(result.webp).metadata();
    expect(metadata.exif).toBeUndefined();
    expect(result.webp.includes("SecretCam")).toBe(false);
  });

  it("judges by content: a text file called .png is refused", async () => {
    const result = await processAvatar(new TextEncoder().encode("just some notes, not a picture\n"));
    expect(result).toEqual({ ok: false, status: 400, error: AVATAR_TYPE_MESSAGE });
  });

  it("refuses images of other kinds (SVG, TIFF) and broken pictures", async () => {
    const svg = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>');
    const tiff = await picture(20, 20).tiff().toBuffer();
    const png = await picture().png().toBuffer();
    for (const bytes of [svg, tiff, png.subarray(0, 60)]) {
      expect(await processAvatar(bytes)).toEqual({ ok: false, status: 400, error: AVATAR_TYPE_MESSAGE });
    }
  });

  it("refuses more than 5 MB before decoding", async () => {
    const result = await processAvatar(new Uint8Array(5 * 1024 * 1024 + 1));
    expect(result).toEqual({ ok: false, status: 413, error: AVATAR_SIZE_MESSAGE });
  });
});

describe("avatar keys", () => {
  it("are random, under the user's folder, and WebP", () => {
    const first = avatarKey("AbC123_x-y");
    expect(first).toMatch(/^avatars\/AbC123_x-y\/[0-9a-f]{24}\.webp$/);
    expect(avatarKey("AbC123_x-y")).not.toBe(first);
    expect(isAvatarKeyOf(first, "AbC123_x-y")).toBe(true);
    expect(isAvatarKeyOf(first, "AbC123")).toBe(false);
    expect(avatarKey("../evil")).toMatch(/^avatars\/evil\//);
  });
});
