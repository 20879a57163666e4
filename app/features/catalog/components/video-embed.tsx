import { deferredPart, ssrPart } from "~/components/deferred-part";
import { VideoEmbedFrame } from "./video-embed-frame";

/**
 * The product's video (video-embed-frame.tsx): nothing in it needs JavaScript to show, so its code
 * loads after the page's first JavaScript (decision 052); the server renders it as usual.
 */
export const VideoEmbed = import.meta.env.SSR
  ? ssrPart(VideoEmbedFrame)
  : deferredPart(() => import("./video-embed-frame").then((m) => m.VideoEmbedFrame));
