-- A plan activity's own tolerance (degrees), set by a progression in place of the reference video's.
ALTER TABLE "plan_activities" ADD COLUMN "tolerance_degrees" double precision;
