import type { ColumnType } from 'kysely';

/** Column types shared by every table: int8 columns arrive as decimal strings from both PGlite and pg. */
export type Timestamp = ColumnType<Date, Date | string, Date | string>;
export type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
export type Int8 = ColumnType<string, string | number | bigint, string | number | bigint>;
export type Json<T> = ColumnType<T, string, string>;
