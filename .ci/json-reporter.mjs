// Vitest's JSON report (`--reporter=./.ci/json-reporter.mjs --outputFile.json=<file>`), with two fields
// added to each of its `testResults`: `project`, the vitest project that ran the file (the plain report
// does not say, and the server suite runs every shared file twice, on PGlite and on PostgreSQL), and
// `duration`, the file's tests and hooks in milliseconds (its `endTime - startTime` spans the tests only,
// leaving out a `beforeAll` that starts an app or a browser). Read by .ci/times.mjs.
import { JsonReporter } from 'vitest/node';

export default class JsonReporterWithProjects extends JsonReporter {
  modules = [];

  constructor(options = {}) {
    super(options);
  }

  async onTestRunEnd(testModules, ...rest) {
    this.modules = testModules;
    return super.onTestRunEnd(testModules, ...rest);
  }

  // The report lists the files in the order of the modules it was given, one entry each.
  async writeReport(report) {
    const parsed = JSON.parse(report);
    parsed.testResults.forEach((file, i) => {
      const module = this.modules[i];
      if (module?.task.filepath !== file.name) return;
      file.project = module.project.name;
      file.duration = module.diagnostic().duration;
    });
    return super.writeReport(JSON.stringify(parsed));
  }
}
