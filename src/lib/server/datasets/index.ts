/**
 * The embedded datasets MCP server: the open vega data sets in DuckDB behind read-only MCP
 * tools and display recipes. Server-only (`$lib/server`).
 */
export { DatasetEngine, getDatasetEngine, DEFAULT_ROW_LIMIT, MAX_ROW_LIMIT } from './engine';
export type { DatasetEngineOptions, EngineLoad, LoadedDataset, QueryOptions, QueryResult } from './engine';
export { readCatalog, vegaDatasetsDirectory } from './catalog';
export type { DatasetEntry, DatasetField, DatasetFormat } from './catalog';
export { describeDataset } from './describe';
export type { ColumnStats, DatasetDescription } from './describe';
export { assertReadOnlySql } from './sql-guard';
export { recipes, getRecipe, searchRecipes } from './recipes';
export type { Recipe, RecipeSummary } from './recipes';
export { createDatasetsMcpServer, DATASETS_INSTRUCTIONS, DATASETS_SERVER_INFO } from './server';
export { createDatasetsHttpHandler } from './http';
export type { DatasetsHttpHandler, DatasetsHttpOptions, DatasetsHttpStatus } from './http';
export { startStandaloneDatasetsServer, withCors, CORS_HEADERS } from './standalone';
export type { StandaloneDatasetsServer } from './standalone';
export { engineOptionsFromEnv, sessionOptionsFromEnv, DATASETS_ENV } from './env';
