import { API_MAX_BATCH_SIZE } from "@fizio/domain";
import { describe, expect, it } from "vitest";
import { type ApiRequestFacts, apiRequestRefusal } from "../src/request-guard";

const ORIGINS = ["https://app.fizio.example"];
const post = (facts: Partial<ApiRequestFacts>): ApiRequestFacts => ({
  method: "POST",
  contentType: "application/json",
  origin: "https://app.fizio.example",
  secFetchSite: "same-origin",
  calls: 1,
  ...facts,
});

describe("which API requests may run", () => {
  it("lets JSON mutations from the app's own pages through", () => {
    expect(apiRequestRefusal(post({}), ORIGINS)).toBeNull();
    expect(apiRequestRefusal(post({ contentType: "application/json; charset=utf-8" }), ORIGINS)).toBeNull();
  });

  it.each(["multipart/form-data; boundary=x", "text/plain", "application/x-www-form-urlencoded", undefined])(
    "refuses a mutation sent as %s (what a cross-site form can send)",
    (contentType) => {
      expect(apiRequestRefusal(post({ contentType }), ORIGINS)).toBe("FIZ264");
    },
  );

  it("refuses mutations from another origin, including the opaque null origin", () => {
    expect(
      apiRequestRefusal(post({ origin: "https://evil.example", secFetchSite: "cross-site" }), ORIGINS),
    ).toBe("FIZ264");
    expect(apiRequestRefusal(post({ origin: "null" }), ORIGINS)).toBe("FIZ264");
    expect(apiRequestRefusal(post({ origin: "http://app.fizio.example" }), ORIGINS)).toBe("FIZ264");
  });

  it("lets non-browser clients (no Origin, no Sec-Fetch-Site) through, but not a browser's cross-site POST", () => {
    expect(apiRequestRefusal(post({ origin: undefined, secFetchSite: undefined }), ORIGINS)).toBeNull();
    expect(apiRequestRefusal(post({ origin: undefined, secFetchSite: "cross-site" }), ORIGINS)).toBe(
      "FIZ264",
    );
    expect(apiRequestRefusal(post({ origin: undefined, secFetchSite: "same-site" }), ORIGINS)).toBe("FIZ264");
  });

  it("leaves queries and subscriptions (GET) to the procedures, whatever their origin", () => {
    expect(
      apiRequestRefusal(
        { method: "GET", contentType: undefined, origin: undefined, secFetchSite: "cross-site", calls: 1 },
        ORIGINS,
      ),
    ).toBeNull();
  });

  it("refuses a batch over the limit the client splits at", () => {
    expect(apiRequestRefusal(post({ calls: API_MAX_BATCH_SIZE }), ORIGINS)).toBeNull();
    expect(apiRequestRefusal(post({ calls: API_MAX_BATCH_SIZE + 1 }), ORIGINS)).toBe("FIZ267");
    expect(apiRequestRefusal({ ...post({ calls: API_MAX_BATCH_SIZE + 1 }), method: "GET" }, ORIGINS)).toBe(
      "FIZ267",
    );
  });
});
