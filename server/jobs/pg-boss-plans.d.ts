/** pg-boss 10's statement texts (src/plans.js ships without types): the two the job queue tells apart. */
declare module 'pg-boss/src/plans.js' {
  const plans: {
    completeJobs(schema: string): string;
    failJobsById(schema: string): string;
  };
  export default plans;
}
