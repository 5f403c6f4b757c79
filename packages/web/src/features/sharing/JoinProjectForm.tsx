/** Joining a project with an invitation code (after signing in): 168 wrong, 64 expired, or the share rules. */
import { INVITATION_CODE_INPUT_MAX_LENGTH } from '@netloom/domain';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Form, Input } from 'antd';
import { ApiError } from '../../api/client';
import { fetchProject, useOpenProject } from '../projects';
import { useRedeemInvitation } from './api';

interface JoinProjectFormProps {
  initialCode?: string;
  onJoined?: () => void;
}

export function JoinProjectForm({ initialCode = '', onJoined }: JoinProjectFormProps) {
  const [form] = Form.useForm<{ code: string }>();
  const redeem = useRedeemInvitation();
  const openProject = useOpenProject();
  const queryClient = useQueryClient();

  async function handleJoin({ code }: { code: string }) {
    try {
      const joined = await redeem.mutateAsync(code);
      const project = await queryClient.fetchQuery({
        queryKey: ['projects', joined.projectId, 'joined'],
        queryFn: () => fetchProject(joined.projectId),
      });
      onJoined?.();
      openProject(project);
    } catch (err) {
      form.setFields([
        {
          name: 'code',
          errors: [
            err instanceof ApiError || err instanceof Error ? err.message : 'The code could not be redeemed.',
          ],
        },
      ]);
    }
  }

  return (
    <Form
      form={form}
      layout="vertical"
      requiredMark={false}
      initialValues={{ code: initialCode }}
      onFinish={(v) => void handleJoin(v)}
    >
      <Form.Item
        name="code"
        label="Invitation code"
        extra="The 12-character code the project's owner sent you, like K7PX-MQ2D-9TZA."
        rules={[{ required: true, whitespace: true, message: 'Enter the invitation code.' }]}
      >
        <Input maxLength={INVITATION_CODE_INPUT_MAX_LENGTH} autoComplete="off" placeholder="XXXX-XXXX-XXXX" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={redeem.isPending}>
        Join project
      </Button>
    </Form>
  );
}
