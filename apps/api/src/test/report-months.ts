/**
 * The twelve months a report shows on 15 June 2024 (the report tests' clock), oldest first:
 * written out, so that the tests compare against the calendar and not a computation of it.
 */
export const MONTHS_TO_JUNE_2024 = [
  '2023-07',
  '2023-08',
  '2023-09',
  '2023-10',
  '2023-11',
  '2023-12',
  '2024-01',
  '2024-02',
  '2024-03',
  '2024-04',
  '2024-05',
  '2024-06',
];
