import type { Joint, Side } from "@fizio/domain";
import { useTranslation } from "react-i18next";

/** "Knee (Left)": a measured joint with its side, in the reader's language. */
export function useJointLabel() {
  const { t } = useTranslation();
  return (j: { joint: Joint; side: Side }) =>
    t("results.joints.jointSide", {
      joint: t(`videos.joints.${j.joint}`),
      side: t(`videos.sides.${j.side}`),
    });
}
