import { CustomerServiceOutlined } from '@ant-design/icons';
import {
  BACKUP_MAX_PER_PROJECT,
  BACKUP_MIN_INTERVAL_SECONDS,
  CODE_RESEND_SECONDS,
  catalogue,
  DATA_SCREEN_MAX_COUNTRIES,
  EMAIL_CODE_LENGTH,
  IMPORT_MAX_DEVICES,
  LOGIN_FAIL_MAX,
  LOGIN_FAIL_WINDOW_SECONDS,
  LOGIN_LOCK_SECONDS,
  NET_MODE_LABELS,
  NET_MODES,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PROJECT_NAME_MAX_LENGTH,
  PROJECT_RIGHT_LABELS,
  PROJECT_RIGHTS,
  SMS_CODE_LENGTH,
  TITLE_MAX_LENGTH,
} from '@netloom/domain';
import { Button, Card, Col, Collapse, Input, Row, Table, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { PageHeader } from '../../components/PageHeader';
import { MENU_PAGES, NEW_PROJECT_PATH, PAGES } from '../../navigation/paths';
import { PENDING_FEATURE_PAGES } from '../../navigation/pendingPages';

const { Paragraph, Text } = Typography;

/** Help center shipped with the app (issue 2 §6): every number on it comes from the domain. */
export default function HelpCenterPage() {
  const navigate = useNavigate();
  const [query, setQuery] = useState('');
  const codes = useMemo(() => catalogue().filter((c) => c.code !== 0), []);
  const q = query.trim().toLowerCase();
  const shownCodes = q
    ? codes.filter((c) => String(c.code).includes(q) || c.message.toLowerCase().includes(q))
    : codes;

  const guides = [
    {
      key: 'start',
      label: 'Getting started',
      children: (
        <ol className="nl-help-list">
          <li>
            Create a project for each site in the <Link to={MENU_PAGES.projectList}>project list</Link> (
            <Link to={NEW_PROJECT_PATH}>new project</Link>). A name has at most {PROJECT_NAME_MAX_LENGTH}{' '}
            characters.
          </li>
          <li>Choose the network mode, scenario, location and time zone of the site.</li>
          <li>Pick the project in the switcher at the top to open its pages.</li>
          <li>
            Add devices in <Link to={MENU_PAGES.devices}>device maintenance</Link> by serial number, or import
            up to {IMPORT_MAX_DEVICES} from the Excel template. Devices that connect before they are added
            wait under <Text strong>Devices to be verified</Text>.
          </li>
        </ol>
      ),
    },
    {
      key: 'modes',
      label: 'Network modes',
      children: (
        <>
          <Paragraph>
            <Text strong>{NET_MODE_LABELS[NET_MODES.WLAN]}</Text>: a gateway, switches and access points wired
            together. RF optimization and configuration backup are available in this mode.
          </Paragraph>
          <Paragraph>
            <Text strong>{NET_MODE_LABELS[NET_MODES.MESH]}</Text>: mesh routers that connect to each other
            wirelessly. The mode cannot change once a project has devices.
          </Paragraph>
        </>
      ),
    },
    {
      key: 'rights',
      label: 'Rights on a project',
      children: (
        <ul className="nl-help-list">
          <li>
            <Text strong>{PROJECT_RIGHT_LABELS[PROJECT_RIGHTS.OWN]}</Text>: you created the project and have
            full control, including sharing and transfer.
          </li>
          <li>
            <Text strong>{PROJECT_RIGHT_LABELS[PROJECT_RIGHTS.MANAGE]}</Text>: invited as a manager; you can
            manage devices and settings.
          </li>
          <li>
            <Text strong>{PROJECT_RIGHT_LABELS[PROJECT_RIGHTS.READ_ONLY]}</Text>: invited to view; nothing can
            be changed.
          </li>
        </ul>
      ),
    },
    {
      key: 'account',
      label: 'Signing in and passwords',
      children: (
        <ul className="nl-help-list">
          <li>
            A password has {PASSWORD_MIN_LENGTH}–{PASSWORD_MAX_LENGTH} characters without spaces.
          </li>
          <li>
            E-mail codes have {EMAIL_CODE_LENGTH} digits, SMS codes {SMS_CODE_LENGTH}. A new code can be
            requested after {CODE_RESEND_SECONDS} seconds.
          </li>
          <li>
            After {LOGIN_FAIL_MAX} failed sign-ins within {LOGIN_FAIL_WINDOW_SECONDS / 60} minutes the account
            is locked for {LOGIN_LOCK_SECONDS / 60} minutes.
          </li>
          <li>
            Changing your password signs out every other browser that uses your account. "Remember me" keeps
            you signed in on this browser for 30 days.
          </li>
        </ul>
      ),
    },
    {
      key: 'datascreen',
      label: 'The data screen',
      children: (
        <ul className="nl-help-list">
          <li>
            <Link to={MENU_PAGES.dataScreen}>Data screen</Link> shows every project of your account on a map
            of the world or of China, with devices online, clients, traffic and alarms — live, full screen,
            for a wall display.
          </li>
          <li>
            Place a project on the map in its settings (project list › Edit): search the city, then click the
            small map to move the pin. Projects without a place are listed as “not on the map”.
          </li>
          <li>
            Its settings (map range, a title of up to {TITLE_MAX_LENGTH} characters, at most{' '}
            {DATA_SCREEN_MAX_COUNTRIES} highlighted countries) are kept for your account.
          </li>
        </ul>
      ),
    },
    {
      key: 'backup',
      label: 'Configuration backup',
      children: (
        <ul className="nl-help-list">
          <li>
            In <Link to={MENU_PAGES.backup}>configuration backup</Link>, <Text strong>Back up now</Text> asks
            the chosen devices for their configuration files; a device can be backed up once every{' '}
            {BACKUP_MIN_INTERVAL_SECONDS / 60} minutes.
          </li>
          <li>
            Each device has one restore point; the project keeps {BACKUP_MAX_PER_PROJECT} general backups and
            overwrites the oldest beyond that (the page names it first). Switch a restore point back to a
            general backup before deleting it.
          </li>
          <li>
            <Text strong>Restore</Text> makes the backup's device settings the console's settings again, then
            the device applies the file and restarts. Wi-Fi, VLAN and network settings of the project stay as
            they are.
          </li>
        </ul>
      ),
    },
    {
      key: 'log',
      label: 'The log',
      children: (
        <ul className="nl-help-list">
          <li>
            <Link to={MENU_PAGES.log}>Log</Link> lists what happened in the project: configuration changes,
            restarts and other maintenance with their results, devices going offline and coming back.
          </li>
          <li>
            Filter it by time, device, kind and user; <em>Export CSV</em> downloads the rows that match.
          </li>
          <li>
            The project’s owner chooses how long it is kept — 7, 30, 90 or 180 days; older entries are deleted
            every hour.
          </li>
        </ul>
      ),
    },
    // Only while some menu page is not built yet.
    ...(PENDING_FEATURE_PAGES.length === 0
      ? []
      : [
          {
            key: 'coming',
            label: 'What is coming next',
            children: (
              <Paragraph>
                These pages are in the menu but not available yet:{' '}
                {PENDING_FEATURE_PAGES.map((p) => p.title).join(', ')}.
              </Paragraph>
            ),
          },
        ]),
  ];

  return (
    <>
      <PageHeader
        title="Help center"
        description="How Netloom works, and what each message means."
        actions={
          <Button icon={<CustomerServiceOutlined />} onClick={() => navigate(PAGES.onlineService)}>
            Online service
          </Button>
        }
      />
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={10}>
          <Card title="Guides">
            <Collapse items={guides} defaultActiveKey={['start']} ghost />
          </Card>
        </Col>
        <Col xs={24} xl={14}>
          <Card
            title="Messages and codes"
            extra={
              <Input.Search
                allowClear
                placeholder="Search by code or word"
                aria-label="Search messages"
                onChange={(e) => setQuery(e.target.value)}
                style={{ width: 240 }}
              />
            }
          >
            <Table
              size="small"
              rowKey="code"
              dataSource={shownCodes}
              pagination={{ pageSize: 10, showSizeChanger: false }}
              columns={[
                { title: 'Code', dataIndex: 'code', width: 90 },
                { title: 'Message', dataIndex: 'message' },
              ]}
              locale={{ emptyText: 'No message matches your search.' }}
            />
          </Card>
        </Col>
      </Row>
    </>
  );
}
