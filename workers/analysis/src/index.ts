export type {
  AnalyseRecordingJob,
  AnalyseRecordingOutput,
  AnalysisEngine,
  EngineProgress,
  ProcessReferenceJob,
  ProcessReferenceOutput,
} from "./engine";
export { type WorkerConfig, WorkerConfigError, workerConfigFromEnv } from "./env";
export { FAILURES, type FailureCode } from "./failures";
export { type AnalysisWorker, type AnalysisWorkerOptions, startAnalysisWorker } from "./worker";
