const STATUS_TEXT: Record<string, string> = {
  '200': 'OK', '201': 'Created', '202': 'Accepted', '204': 'No Content', '301': 'Moved Permanently', '302': 'Found', '304': 'Not Modified',
  '400': 'Bad Request', '401': 'Unauthorized', '403': 'Forbidden', '404': 'Not Found', '405': 'Method Not Allowed', '409': 'Conflict',
  '410': 'Gone', '415': 'Unsupported Media Type', '422': 'Unprocessable Entity', '424': 'Failed Dependency', '429': 'Too Many Requests',
  '500': 'Internal Server Error', '502': 'Bad Gateway', '503': 'Service Unavailable', '504': 'Gateway Timeout', default: 'Other statuses',
};

/** A status code as a heading: "201 Created", "4XX", "Other statuses". */
export function statusTitle(status: string): string {
  if (status === 'default') return STATUS_TEXT.default;
  return STATUS_TEXT[status] ? `${status} ${STATUS_TEXT[status]}` : status;
}
