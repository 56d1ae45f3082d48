// Types of build-freshness.mjs, for the tests that run the build (test/helpers/child-server.ts).
export function newestMtime(entry: string): number;
export function isBuildStale(root: string, build: { outputs: string[]; inputs: string[] }): boolean;
