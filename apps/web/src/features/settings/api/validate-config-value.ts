import { useMutation } from '@tanstack/react-query';
import { ConfigValidationSchema, type ConfigValue } from '@callsight/shared';
import { apiRequest } from '../../../lib/api-client.ts';

/** POST /api/config/validate: the server's check of a value (406 with its text for a refused origin). */
export function validateConfigValue(input: { key: string; value: ConfigValue }) {
  return apiRequest('/config/validate', {
    method: 'POST',
    body: input,
    schema: ConfigValidationSchema,
  });
}

export function useValidateConfigValue() {
  return useMutation({ mutationFn: validateConfigValue });
}
