// Preloaded into a benchmarked docgen process: records its peak resident set size on exit.
import { writeFileSync } from 'node:fs';

process.on('exit', () => {
  if (process.env.DOCGEN_RSS_FILE) writeFileSync(process.env.DOCGEN_RSS_FILE, String(process.resourceUsage().maxRSS * 1024));
});
