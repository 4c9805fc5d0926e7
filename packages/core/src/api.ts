/** Field-level validation error as the API sends it (decisions §2). */
export interface FieldError {
  path: string;
  msg: string;
}

/** Pagination block of list responses (`meta.pagination`). */
export interface Pagination {
  page: number;
  limit: number;
  total: number;
  totalPages: number;
  sortBy: string;
  sortOrder: 'asc' | 'desc';
}

/** Successful API response envelope. */
export interface ApiSuccess<T> {
  success: true;
  message?: string;
  data: T;
  meta?: { pagination: Pagination };
}

/** Failed API response envelope. */
export interface ApiFailure {
  success: false;
  message: string;
  errors?: FieldError[];
}

export type ApiResponse<T> = ApiSuccess<T> | ApiFailure;
