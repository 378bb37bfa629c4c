/** A failure the client should see: the status, a message for people, and field errors. */
export class HttpError extends Error {
  override readonly name = 'HttpError';
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors: Readonly<Record<string, readonly string[]>> = {},
  ) {
    super(message);
  }
}

export const notFound = (message = '订单不存在') => new HttpError(404, message);
export const unauthorized = (message = '未登录，请您先登录') => new HttpError(401, message);
export const forbidden = (message = '无权执行此操作') => new HttpError(403, message);
export const unprocessable = (message: string, errors: Record<string, readonly string[]> = {}) =>
  new HttpError(422, message, errors);
export const conflict = (message: string) => new HttpError(409, message);
