/**
 * How many batches are running in this process. The process's EPIPE handler reads it: a
 * reader leaving `vcase cases list | head` is fine, one leaving a batch cut the batch short.
 */
export const batchesRunning = { count: 0 };
