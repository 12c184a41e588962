/**
 * The app under test for bench:notifications, in its own process: serves one database (argv[2])
 * as shipped (caches at their defaults; argv[4], if given, a JSON of config to change) and prints {port}. On SIGUSR2 it collects garbage and
 * writes process.memoryUsage() as JSON to argv[3], so that the bench reads what the open streams
 * hold rather than what the collector has not reclaimed yet.
 */
import { writeFileSync } from 'node:fs';
import v8 from 'node:v8';
import vm from 'node:vm';
import { serve } from './lib/server';

v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;
const memoryFile = process.argv[3];
if (memoryFile)
  process.on('SIGUSR2', () => {
    gc();
    gc();
    writeFileSync(memoryFile, JSON.stringify(process.memoryUsage()));
  });

await serve(process.argv[2], process.argv[4] ? JSON.parse(process.argv[4]) : {});
