import { MailOutlined } from '@ant-design/icons';
import {
  ACCOUNT_ROLE_LABELS,
  ACCOUNT_ROLE_VALUES,
  type Account,
  type AccountRole,
  accountRoleSchema,
  COMPANY_LOCATION_MAX_LENGTH,
  COMPANY_NAME_MAX_LENGTH,
  companyLocationSchema,
  companyNameSchema,
  NICK_MAX_LENGTH,
  nickSchema,
  type ProfileUpdateRequest,
} from '@netloom/domain';
import {
  Alert,
  App,
  Button,
  Card,
  Col,
  Descriptions,
  Flex,
  Form,
  Input,
  Row,
  Select,
  Space,
  Tag,
  Typography,
} from 'antd';
import dayjs from 'dayjs';
import { useEffect, useRef, useState } from 'react';
import { ApiError } from '../../api/client';
import { PageHeader } from '../../components/PageHeader';
import { applyServerIssues, zodRule } from '../../components/zodRule';
import { useAccount } from '../../session/session';
import { IdleSettingsCard } from '../analytics';
import { ApiKeysCard } from '../apiKeys';
import { SessionsCard } from '../sessions';
import { SocialBindingsCard } from '../social';
import { AvatarUpload } from './AvatarUpload';
import { useUpdateProfile } from './api';
import { EmailBindModal } from './EmailBindModal';
import './account.css';

interface ProfileValues {
  nick: string;
  role: AccountRole;
  companyName: string;
  companyLocation: string;
}

const ROLE_OPTIONS = ACCOUNT_ROLE_VALUES.map((r) => ({ value: r, label: ACCOUNT_ROLE_LABELS[r] }));

function valuesOf(a: Account): ProfileValues {
  return { nick: a.nick, role: a.role, companyName: a.companyName, companyLocation: a.companyLocation };
}

/** Only what changed is sent: company fields count against the once-a-year limit. */
function changesOf(before: ProfileValues, after: ProfileValues): ProfileUpdateRequest {
  const changes: ProfileUpdateRequest = {};
  if (after.nick !== before.nick) changes.nick = after.nick;
  if (after.role !== before.role) changes.role = after.role;
  if (after.companyName !== before.companyName) changes.companyName = after.companyName;
  if (after.companyLocation !== before.companyLocation) changes.companyLocation = after.companyLocation;
  return changes;
}

function onceAYear(editable: boolean): string {
  return editable
    ? 'Can be changed once per calendar year.'
    : `Already changed this year. You can change it again from ${dayjs().add(1, 'year').startOf('year').format('MMMM D, YYYY')}.`;
}

function signInId(a: Account): string {
  if (a.email) return a.email;
  if (a.mobile) return `+${a.countryCode ?? ''} ${a.mobile}`;
  return '—';
}

/** /account — profile, company details (once a year) and avatar. */
export default function ProfilePage() {
  const { account } = useAccount();
  const { message } = App.useApp();
  const [form] = Form.useForm<ProfileValues>();
  const update = useUpdateProfile();
  const [serverError, setServerError] = useState<string | null>(null);
  const [dirty, setDirty] = useState(false);
  const [emailOpen, setEmailOpen] = useState(false);

  // When the account reloads (after a save, or a session refetch), the form shows what the server now
  // holds — unless the user has unsaved edits: a refetch never overwrites what they typed.
  const editing = useRef(false);
  editing.current = dirty;
  useEffect(() => {
    if (editing.current) return;
    form.setFieldsValue(valuesOf(account));
  }, [account, form]);

  async function handleSubmit(values: ProfileValues) {
    setServerError(null);
    const changes = changesOf(valuesOf(account), values);
    if (Object.keys(changes).length === 0) return;
    try {
      await update.mutateAsync(changes);
      // Saved: the reloaded account is what the form shows from now on.
      setDirty(false);
      form.setFieldsValue(valuesOf({ ...account, ...changes }));
      message.success('Profile saved.');
    } catch (error) {
      const apiError = error instanceof ApiError ? error : null;
      if (apiError) applyServerIssues(form, apiError);
      setServerError(apiError?.message ?? 'Save failed. Please try again.');
    }
  }

  return (
    <>
      <PageHeader title="My account" description="Your profile, company details and avatar." />
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={8} xl={7}>
          <Card>
            <AvatarUpload account={account} />
            <Flex vertical align="center" gap={4} style={{ margin: '16px 0 20px' }}>
              <Typography.Title level={4} style={{ margin: 0 }} className="nl-profile-name">
                {account.nick}
              </Typography.Title>
              <Tag color="blue">{ACCOUNT_ROLE_LABELS[account.role]}</Tag>
            </Flex>
            <Descriptions column={1} size="small" colon={false} classNames={{ label: 'nl-profile-label' }}>
              <Descriptions.Item label="Cloud code">
                <Typography.Text copyable={{ tooltips: ['Copy', 'Copied'] }} code>
                  {account.cloudCode}
                </Typography.Text>
              </Descriptions.Item>
              <Descriptions.Item label="Sign-in">
                <span className="nl-break">{signInId(account)}</span>
              </Descriptions.Item>
              <Descriptions.Item label="Member since">
                {dayjs(account.createdAt).format('YYYY-MM-DD')}
              </Descriptions.Item>
            </Descriptions>
          </Card>
        </Col>
        <Col xs={24} lg={16} xl={17}>
          <Form<ProfileValues>
            form={form}
            layout="vertical"
            initialValues={valuesOf(account)}
            onFinish={handleSubmit}
            onValuesChange={(_changed, all) =>
              setDirty(Object.keys(changesOf(valuesOf(account), all)).length > 0)
            }
            aria-label="Profile"
          >
            <Card title="Profile" className="nl-form-card">
              {serverError ? (
                <Alert type="error" showIcon title={serverError} style={{ marginBottom: 16 }} role="alert" />
              ) : null}
              <Row gutter={16}>
                <Col xs={24} md={12}>
                  <Form.Item
                    name="nick"
                    label="Nickname"
                    extra={`Up to ${NICK_MAX_LENGTH} characters; shown to people you share projects with.`}
                    rules={[zodRule(nickSchema)]}
                  >
                    <Input count={{ show: true, max: NICK_MAX_LENGTH }} />
                  </Form.Item>
                </Col>
                <Col xs={24} md={12}>
                  <Form.Item name="role" label="Role" rules={[zodRule(accountRoleSchema)]}>
                    <Select options={ROLE_OPTIONS} />
                  </Form.Item>
                </Col>
                <Col xs={24} md={12}>
                  <Form.Item
                    label="E-mail"
                    extra={
                      account.email
                        ? 'Used to sign in. Changing it needs a code sent to the new address.'
                        : 'Bind an e-mail to sign in with it and reset your password by e-mail.'
                    }
                  >
                    <Space.Compact block>
                      <Input
                        value={account.email ?? 'Not set'}
                        readOnly
                        aria-label="E-mail"
                        className={account.email ? undefined : 'nl-unset'}
                      />
                      <Button icon={<MailOutlined aria-hidden />} onClick={() => setEmailOpen(true)}>
                        {account.email ? 'Change' : 'Bind e-mail'}
                      </Button>
                    </Space.Compact>
                  </Form.Item>
                </Col>
                <Col xs={24} md={12}>
                  <Form.Item label="Mobile" extra="Used to sign in; it cannot be changed here.">
                    <Input
                      value={account.mobile ? `+${account.countryCode ?? ''} ${account.mobile}` : 'Not set'}
                      readOnly
                      aria-label="Mobile"
                      className={account.mobile ? undefined : 'nl-unset'}
                    />
                  </Form.Item>
                </Col>
              </Row>
            </Card>
            <Card title="Company" style={{ marginTop: 16 }} className="nl-form-card">
              <Row gutter={16}>
                <Col xs={24} md={12}>
                  <Form.Item
                    name="companyName"
                    label="Company name"
                    extra={onceAYear(account.companyNameEditable)}
                    rules={[zodRule(companyNameSchema)]}
                  >
                    <Input
                      maxLength={COMPANY_NAME_MAX_LENGTH}
                      disabled={!account.companyNameEditable}
                      placeholder="e.g. Acme Networks Ltd."
                    />
                  </Form.Item>
                </Col>
                <Col xs={24} md={12}>
                  <Form.Item
                    name="companyLocation"
                    label="Company location"
                    extra={onceAYear(account.companyLocationEditable)}
                    rules={[zodRule(companyLocationSchema)]}
                  >
                    <Input
                      maxLength={COMPANY_LOCATION_MAX_LENGTH}
                      disabled={!account.companyLocationEditable}
                      placeholder="e.g. Shenzhen, China"
                    />
                  </Form.Item>
                </Col>
              </Row>
            </Card>
            <Flex justify="flex-end" gap={8} className="nl-form-actions">
              <Button
                disabled={!dirty}
                onClick={() => {
                  form.setFieldsValue(valuesOf(account));
                  setDirty(false);
                  setServerError(null);
                }}
              >
                Discard changes
              </Button>
              <Button type="primary" htmlType="submit" disabled={!dirty} loading={update.isPending}>
                Save changes
              </Button>
            </Flex>
          </Form>
          <IdleSettingsCard />
          <SessionsCard />
          <ApiKeysCard />
          <SocialBindingsCard />
        </Col>
      </Row>
      <EmailBindModal account={account} open={emailOpen} onClose={() => setEmailOpen(false)} />
    </>
  );
}
