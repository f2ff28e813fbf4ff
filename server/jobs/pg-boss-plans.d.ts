/** pg-boss 10's statement texts (src/plans.js ships without types): the two the job queue tells apart, and its schema. */
declare module 'pg-boss/src/plans.js' {
  const plans: {
    completeJobs(schema: string): string;
    failJobsById(schema: string): string;
    /** the whole schema at `version`, as one multi-statement text in its own transaction (BEGIN … COMMIT) */
    create(schema: string, version: number): string;
  };
  export default plans;
}
