/** Evals: suite files, checks over a turn's record, the rows-behind-a-widget data check, reports. */
export { parseSuite, parseModel, parseCheck, suiteToJson, SuiteError } from './suite';
export { compareRows, sameValue, type RowsReason, type RowsVerdict, type RowsMatchOptions } from './rows-match';
export { rowsBehind, type WidgetData } from './widget-rows';
export { evaluateRun, runCheck, namesCall, serverUnreachable } from './checks';
export { buildReport, passRate, runLine, summaryLine, toJUnit, modelName, type ReportEntry } from './report';
export type * from './types';
export { checkNames } from './types';
