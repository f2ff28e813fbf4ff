import '@testing-library/jest-dom/vitest';
import { configure } from '@testing-library/dom';

// findBy*/waitFor wait for a state, bounded: on a loaded 2-core machine a page's first lazy chunk (transformed on first
// import) can take more than the library's default second to appear; the bound only decides how long a failing test
// waits before it reports, never what it accepts.
configure({ asyncUtilTimeout: 8000 });
