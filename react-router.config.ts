import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // Only for measuring a build beside a running one; the app always serves ./build.
  buildDirectory: process.env.REACT_ROUTER_BUILD_DIR ?? "build",
} satisfies Config;
