import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ConnectNumberViewListSchema, type ConnectNumber } from '@callsight/shared';
import { apiRequest } from '../../../lib/api-client.ts';
import { getConnectNumbersQueryOptions } from './get-connect-numbers.ts';

/** PUT /api/gsm/connect/numbers: replaces the list of region and number. */
export function saveConnectNumbers(numbers: ConnectNumber[]) {
  return apiRequest('/gsm/connect/numbers', {
    method: 'PUT',
    body: numbers,
    schema: ConnectNumberViewListSchema,
  });
}

export function useSaveConnectNumbers(groupId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveConnectNumbers,
    onSuccess: (saved) =>
      queryClient.setQueryData(getConnectNumbersQueryOptions(groupId).queryKey, saved),
  });
}
