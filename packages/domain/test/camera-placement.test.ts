import { describe, expect, it } from "vitest";
import { cameraPlacement } from "../src";

describe("cameraPlacement", () => {
  it("films an elbow from two metres at chest height, facing the camera, in landscape", () => {
    expect(cameraPlacement({ joints: ["ELBOW"], mainJoint: "ELBOW", view: "FRONT", side: "LEFT" })).toEqual({
      distance: "TWO_METRES",
      height: "CHEST",
      facing: "FRONT",
      orientation: "LANDSCAPE",
      fullBody: false,
    });
  });

  it("films a knee from the measured side, at knee height, the whole body in a portrait frame", () => {
    expect(cameraPlacement({ joints: ["KNEE"], mainJoint: "KNEE", view: "SIDE", side: "RIGHT" })).toEqual({
      distance: "THREE_METRES",
      height: "KNEE",
      facing: "RIGHT_SIDE",
      orientation: "PORTRAIT",
      fullBody: true,
    });
    expect(cameraPlacement({ joints: ["KNEE"], view: "SIDE", side: "LEFT" }).facing).toBe("LEFT_SIDE");
  });

  it("turns the right side to the camera when both sides are measured from the side", () => {
    expect(cameraPlacement({ joints: ["HIP"], view: "SIDE", side: "BOTH" }).facing).toBe("RIGHT_SIDE");
  });

  it("keeps every joint in frame: the farthest distance any joint needs, the main joint's height", () => {
    const placement = cameraPlacement({
      joints: ["SHOULDER", "HIP"],
      mainJoint: "SHOULDER",
      view: "FRONT",
      side: "LEFT",
    });
    expect(placement).toMatchObject({ distance: "THREE_METRES", height: "CHEST", fullBody: true });
  });

  it("follows the activity's own orientation when it names one", () => {
    expect(
      cameraPlacement({ joints: ["ANKLE"], view: "FRONT", side: "LEFT", orientation: "LANDSCAPE" })
        .orientation,
    ).toBe("LANDSCAPE");
  });

  it("brings the camera close for the neck and the wrist", () => {
    expect(cameraPlacement({ joints: ["NECK"], view: "FRONT", side: "BOTH" })).toMatchObject({
      distance: "ARM",
      height: "HEAD",
    });
    expect(cameraPlacement({ joints: ["WRIST"], view: null, side: null })).toMatchObject({
      distance: "ARM",
      facing: "FRONT",
    });
  });

  it("gives a general placement when no joint is known", () => {
    expect(cameraPlacement({ joints: [], view: null, side: null })).toEqual({
      distance: "TWO_METRES",
      height: "CHEST",
      facing: "FRONT",
      orientation: "LANDSCAPE",
      fullBody: false,
    });
  });
});
