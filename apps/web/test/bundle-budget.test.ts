import { describe, expect, it } from "vitest";
import { budgetFor, goalFor, type Manifest, routeWeights, staticClosure } from "../scripts/bundle-budget";

/** A build of three pages: the shell layout and the chart library are shared, the chart page's model is lazy. */
const manifest: Manifest = {
  "index.html": { file: "assets/index.js", isEntry: true, imports: ["_vendor.js"] },
  "_vendor.js": { file: "assets/vendor.js" },
  "_charts.js": { file: "assets/charts.js", imports: ["_vendor.js"] },
  "_model.js": { file: "assets/model.js" },
  "src/routes/_app.tsx?tsr-split=component": { file: "assets/app.js", imports: ["index.html", "_shell.js"] },
  "_shell.js": { file: "assets/shell.js", imports: ["_vendor.js"] },
  "src/routes/_app/reports/index.tsx?tsr-split=component": {
    file: "assets/reports.js",
    imports: ["index.html", "_charts.js"],
  },
  "src/routes/_app/reports/pose.tsx?tsr-split=component": { file: "assets/pose.js", imports: ["index.html"] },
  "src/routes/login/index.tsx?tsr-split=component": { file: "assets/login.js", imports: ["index.html"] },
  "src/routes/login/index.tsx?tsr-split=pendingComponent": { file: "assets/login-pending.js" },
};

describe("bundle budget", () => {
  it("follows static imports transitively, each file once, and not dynamic ones", () => {
    expect(staticClosure(manifest, ["src/routes/_app/reports/index.tsx?tsr-split=component"]).sort()).toEqual(
      ["assets/charts.js", "assets/index.js", "assets/reports.js", "assets/vendor.js"].sort(),
    );
  });

  it("weighs each page with the entry, its layouts' chunks and all its own split chunks", () => {
    const weights = Object.fromEntries(
      routeWeights(manifest, []).map((route) => [route.path, route.files.sort()]),
    );
    expect(Object.keys(weights)).toEqual(["/login", "/reports", "/reports/pose"]);
    expect(weights["/login"]).toEqual(
      ["assets/index.js", "assets/login-pending.js", "assets/login.js", "assets/vendor.js"].sort(),
    );
    expect(weights["/reports"]).toEqual(
      [
        "assets/app.js",
        "assets/charts.js",
        "assets/index.js",
        "assets/reports.js",
        "assets/shell.js",
        "assets/vendor.js",
      ].sort(),
    );
    // A sibling's chunks are not a layout's: the pose page does not pay for the reports page's charts.
    expect(weights["/reports/pose"]).toEqual(
      ["assets/app.js", "assets/index.js", "assets/pose.js", "assets/shell.js", "assets/vendor.js"].sort(),
    );
  });

  it("counts what the root route waits for on every page but /login", () => {
    const weights = Object.fromEntries(
      routeWeights(manifest, ["_model.js"]).map((route) => [route.path, route.files]),
    );
    expect(weights["/reports/pose"]).toContain("assets/model.js");
    expect(weights["/login"]).not.toContain("assets/model.js");
  });

  it("aims /login at 150 KB and every other page at 350 KB (issue #17's goals), within budgets of 152 and 370", () => {
    expect(goalFor("/login")).toBe(150);
    expect(budgetFor("/login")).toBe(152);
    expect(goalFor("/home")).toBe(350);
    expect(budgetFor("/home")).toBe(370);
  });

  it("names a chunk the manifest lacks", () => {
    expect(() =>
      staticClosure({ "index.html": { file: "a.js", imports: ["_gone.js"] } }, ["index.html"]),
    ).toThrow("_gone.js");
  });
});
