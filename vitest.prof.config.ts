import { mergeConfig } from 'vitest/config';
import base from './vite.config';
export default mergeConfig(base, { test: { execArgv: ['--cpu-prof', '--cpu-prof-dir=/tmp/vprof'] } });
