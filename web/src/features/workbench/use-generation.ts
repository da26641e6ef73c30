/** The generation hook lives with the other image-job code; this path stays for the pages that import it here. */
export {
  type GenerationFailure,
  generationRetryDelay,
  POLL,
  type Phase,
  retryGenerationStatus,
  useGeneration,
} from '../image-job/use-generation';
