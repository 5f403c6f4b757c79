import { UploadOutlined, UserOutlined } from '@ant-design/icons';
import { type Account, IMAGE_EXTENSIONS, IMAGE_MAX_BYTES, imageFileIssue } from '@netloom/domain';
import { App, Avatar, Button, Flex, Typography, Upload } from 'antd';
import { useUploadAvatar } from './api';

const ACCEPT = IMAGE_EXTENSIONS.map((ext) => `.${ext}`).join(',');
const LIMIT_TEXT = `${IMAGE_EXTENSIONS.map((e) => e.toUpperCase()).join(', ')} · up to ${IMAGE_MAX_BYTES / 1024 / 1024} MB`;

/** The account's avatar with "Change avatar": the image rules are checked before anything is sent. */
export function AvatarUpload({ account }: { account: Account }) {
  const { message } = App.useApp();
  const upload = useUploadAvatar();

  async function handleFile(file: File) {
    const issue = imageFileIssue({ name: file.name, size: file.size });
    if (issue) {
      message.error(issue);
      return;
    }
    try {
      await upload.mutateAsync(file);
      message.success('Avatar updated.');
    } catch (error) {
      message.error(error instanceof Error ? error.message : 'Upload failed.');
    }
  }

  return (
    <Flex vertical align="center" gap={12}>
      <Avatar
        size={96}
        src={account.avatarUrl ?? undefined}
        icon={account.avatarUrl ? undefined : <UserOutlined />}
        alt={`Avatar of ${account.nick}`}
        style={{ backgroundColor: account.avatarUrl ? undefined : '#1677ff' }}
      />
      <Upload
        accept={ACCEPT}
        showUploadList={false}
        maxCount={1}
        beforeUpload={(file) => {
          void handleFile(file);
          // The upload goes through the API client (CSRF header, error catalogue), not antd's XHR.
          return Upload.LIST_IGNORE;
        }}
      >
        <Button icon={<UploadOutlined />} loading={upload.isPending}>
          Change avatar
        </Button>
      </Upload>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {LIMIT_TEXT}
      </Typography.Text>
    </Flex>
  );
}
