import { SYNTHETIC_TEXTS, TEST_SCHEDULES } from '@callsight/shared';
import { useSnackbar } from '../../../components/snackbar/index.ts';
import { isApiError } from '../../../lib/api-client.ts';
import { RadioField, valueOptions } from '../../gsm/synthetic/components/choice-fields.tsx';
import { CreateWizard } from '../../gsm/synthetic/components/create-wizard.tsx';
import { useFailureSnackbar } from '../../gsm/synthetic/use-failure-snackbar.ts';
import { createTestMutationKey, useCreateTest } from '../api/create-test.ts';
import { useSourceNumbers } from '../api/get-source-numbers.ts';
import { useTestOptions } from '../api/get-test-options.ts';
import { HEARTBEAT_SCREEN_TEXTS as T } from '../texts.ts';
import {
  emptyTestValues,
  TEST_STEP_FIELDS,
  testWizardSchema,
  type TestFormValues,
} from './test-form.ts';
import { AgentTypeStep, DescriptionStep, TargetAgentsStep } from './test-steps.tsx';

/** A 400 says why in the server's words; anything else is our text. */
export const createTestFailure = (err: unknown) =>
  isApiError(err) && err.status === 400 ? err.message : T.testCreateFailed;

/** The Create Test modal (spec 002 §2.6, §5): Description, Agent Type, Target Agent(s), Schedule. */
export function TestWizard({ groupId, onClose }: { groupId: string; onClose: () => void }) {
  const create = useCreateTest(groupId);
  const snackbar = useSnackbar();
  const sources = useSourceNumbers(groupId);
  const options = useTestOptions(groupId);
  useFailureSnackbar(sources.isError, SYNTHETIC_TEXTS.fromNumbersFailed);
  useFailureSnackbar(options.isError, SYNTHETIC_TEXTS.configsFailed);
  return (
    <CreateWizard
      title={T.createTestTitle}
      testId="test-wizard"
      mutationKey={createTestMutationKey(groupId)}
      schema={testWizardSchema}
      defaultValues={emptyTestValues()}
      labels={T.testSteps}
      fields={TEST_STEP_FIELDS}
      parts={[
        {
          invalidMessage: SYNTHETIC_TEXTS.testNumbersRequired,
          content: (
            <DescriptionStep
              sourceNumbers={sources.data ?? []}
              targetNumbers={options.data?.targetPhoneNumbers ?? []}
            />
          ),
        },
        { invalidMessage: SYNTHETIC_TEXTS.agentTypeRequired, content: <AgentTypeStep /> },
        {
          invalidMessage: SYNTHETIC_TEXTS.agentsRequired,
          content: <TargetAgentsStep virtualNames={options.data?.virtualAgentNames ?? []} />,
        },
        {
          invalidMessage: SYNTHETIC_TEXTS.testScheduleRequired,
          content: (
            <RadioField<TestFormValues>
              name="schedule"
              label={T.testSteps[3]}
              options={valueOptions(TEST_SCHEDULES)}
            />
          ),
        },
      ]}
      onSubmit={async (input) => {
        await create.mutateAsync(input);
        // Spec 002 §8 has one text for a created test, Run Once or scheduled: either way its
        // first job is queued at once (a schedule's first slot is its creation, decision G3).
        snackbar.show(SYNTHETIC_TEXTS.jobCreated, 'success');
      }}
      failureMessage={createTestFailure}
      onClose={onClose}
    />
  );
}
