// Preloaded into the server by the embedded bench (`node --import`): answers each message on the
// IPC channel with process.memoryUsage(), so the bench can print where the resident memory goes.
process.on('message', () => process.send?.(process.memoryUsage()));
