// The README and docs/ as a newcomer reads them: the README is a front page
// (at most 250 lines), every relative link and anchor leads somewhere, and
// the quick start's shell blocks run as written.
//
// A block of the quick start runs with bash in a fresh folder that holds
// `build` (this build tree) and `scripts` (the source's), with HOME a fresh
// folder whose demo corpus is the real one (STUDIO_DEMO_CORPUS, as
// tst_journey finds it). An HTML comment just above a block may say
//   <!-- tst_docs: skip: REASON -->
//   <!-- tst_docs: replace "TEXT" => "OTHER" (REASON) -->
// (the second one shortens a command that trains for minutes, nothing else).

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QtTest/QtTest>

#include "common/SuiteMain.h"

#include "app/HelpPages.h"

namespace {

QString readText(const QString& path) {
  QFile file(path);
  return file.open(QIODevice::ReadOnly) ? QString::fromUtf8(file.readAll()) : QString();
}

QSet<QString> anchorsOf(const QString& markdown) {
  QSet<QString> anchors;
  bool code = false;
  for (const QString& line : markdown.split('\n')) {
    if (line.startsWith("```")) code = !code;
    if (!code && line.startsWith('#'))
      anchors.insert(studio::app::headingAnchor(QString(line).remove(QRegularExpression("^#+"))));
  }
  return anchors;
}

QString demoCorpus() {
  const QString given = qEnvironmentVariable("STUDIO_DEMO_CORPUS");
  return given.isEmpty() ? QDir::homePath() + "/.local/share/attention-studio/demo-corpus" : given;
}

struct Block {
  QString marker;  // the tst_docs comment above it ("" when none)
  QString code;
  int line = 0;
};

// The ```sh blocks of one "## " section of `markdown`, each with the
// tst_docs comment right above it (blank lines between allowed).
QList<Block> shellBlocks(const QString& markdown, const QString& section) {
  QList<Block> blocks;
  const QStringList lines = markdown.split('\n');
  bool inside = false, code = false;
  QString marker;
  Block block;
  for (int i = 0; i < lines.size(); ++i) {
    const QString& line = lines[i];
    if (code) {
      if (line.startsWith("```")) {
        code = false;
        if (block.line > 0) blocks.append(block);
        block = Block{};
      } else if (block.line > 0) {
        block.code += line + '\n';
      }
      continue;
    }
    if (line.startsWith("## ")) inside = line.mid(3).trimmed() == section;
    if (line.startsWith("```")) {
      code = true;
      if (inside && line.trimmed() == "```sh") block = Block{marker, {}, i + 1};
      marker.clear();
    } else if (line.startsWith("<!-- tst_docs:")) {
      marker = line.trimmed();
    } else if (!line.trimmed().isEmpty()) {
      marker.clear();
    }
  }
  return blocks;
}

}  // namespace

class TestDocs : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void theReadmeIsAFrontPage();
  void everyLinkLeadsSomewhere();
  void theQuickStartRunsAsWritten();
  void theManPageAndTheCliPageNameEveryCommand();
};

void TestDocs::theReadmeIsAFrontPage() {
  const QString readme = readText(STUDIO_SOURCE_DIR "/README.md");
  QVERIFY(!readme.isEmpty());
  const int lines = int(readme.count('\n'));
  QVERIFY2(lines <= 250, qPrintable(QString("README.md has %1 lines").arg(lines)));
  for (const char* section : {"The two commands", "Quick start", "Documentation"})
    QVERIFY2(readme.contains(QString("\n## ") + section + "\n"), section);
}

void TestDocs::everyLinkLeadsSomewhere() {
  QStringList pages{STUDIO_SOURCE_DIR "/README.md"};
  for (const QString& name : QDir(STUDIO_SOURCE_DIR "/docs").entryList({"*.md"}, QDir::Files))
    pages << QString(STUDIO_SOURCE_DIR "/docs/") + name;
  QVERIFY(pages.size() > 5);
  const QRegularExpression link(R"(\]\(([^)\s]+)\))");
  int checked = 0;
  for (const QString& page : pages) {
    const QString text = readText(page);
    const QDir here = QFileInfo(page).dir();
    auto it = link.globalMatch(text);
    while (it.hasNext()) {
      const QString target = it.next().captured(1);
      if (target.startsWith("http://") || target.startsWith("https://") || target.startsWith("mailto:")) continue;
      const QString file = target.section('#', 0, 0), anchor = target.section('#', 1);
      const QString path = file.isEmpty() ? page : here.filePath(file);
      QVERIFY2(QFileInfo::exists(path), qPrintable(QFileInfo(page).fileName() + ": no " + target));
      if (!anchor.isEmpty()) {
        QVERIFY2(anchorsOf(readText(path)).contains(anchor),
                 qPrintable(QFileInfo(page).fileName() + ": no heading for " + target));
      }
      ++checked;
    }
  }
  QVERIFY(checked > 20);
}

// Every command `attention-studio-cli --help` lists has its entry in the man
// page the packages install and a row in docs/cli.md.
void TestDocs::theManPageAndTheCliPageNameEveryCommand() {
  QProcess cli;
  cli.start(QString(STUDIO_BINARY_DIR) + "/app/attention-studio-cli", {"--help"});
  QVERIFY(cli.waitForFinished(60000));
  const QString help = QString::fromUtf8(cli.readAllStandardOutput());
  const QString commands = help.section("Commands:", 1).section("Options:", 0, 0);
  QStringList names;
  for (const QString& line : commands.split('\n')) {
    const QString name = line.trimmed().section(' ', 0, 0);
    if (!name.isEmpty()) names << name;
  }
  QVERIFY2(names.size() >= 20, qPrintable(help));
  QFile man(QString(STUDIO_SOURCE_DIR) + "/packaging/attention-studio-cli.1");
  QFile page(QString(STUDIO_SOURCE_DIR) + "/docs/cli.md");
  QVERIFY(man.open(QIODevice::ReadOnly) && page.open(QIODevice::ReadOnly));
  const QString man_text = QString::fromUtf8(man.readAll()), page_text = QString::fromUtf8(page.readAll());
  for (const QString& name : names) {
    QVERIFY2(man_text.contains(".B " + name + "\n"), qPrintable("the man page has no entry for " + name));
    QVERIFY2(page_text.contains("`" + name), qPrintable("docs/cli.md does not name " + name));
  }
}

void TestDocs::theQuickStartRunsAsWritten() {
  const QString corpus = demoCorpus();
  if (!QFileInfo(corpus + "/train.vi").isFile()) {
    const QString why = "no demo corpus at " + corpus + " (scripts/demo-corpus builds it)";
    if (qEnvironmentVariable("STUDIO_REQUIRE_DEMO_CORPUS") == "1") QFAIL(qPrintable(why));
    QSKIP(qPrintable(why));
  }
  const auto blocks = shellBlocks(readText(STUDIO_SOURCE_DIR "/README.md"), "Quick start");
  QVERIFY(blocks.size() >= 2);

  QTemporaryDir work, home;
  QVERIFY(work.isValid() && home.isValid());
  QVERIFY(QFile::link(STUDIO_BINARY_DIR, work.filePath("build")));
  QVERIFY(QFile::link(STUDIO_SOURCE_DIR "/scripts", work.filePath("scripts")));
  QVERIFY(QDir().mkpath(home.filePath(".local/share/attention-studio")));
  QVERIFY(QFile::link(QFileInfo(corpus).absoluteFilePath(), home.filePath(".local/share/attention-studio/demo-corpus")));

  const QRegularExpression replace(R"re(<!-- tst_docs: replace "([^"]+)" => "([^"]+)" \(.+\) -->)re");
  int ran = 0;
  for (const Block& block : blocks) {
    QString code = block.code;
    if (block.marker.startsWith("<!-- tst_docs: skip:")) continue;
    if (!block.marker.isEmpty()) {
      const auto m = replace.match(block.marker);
      QVERIFY2(m.hasMatch(), qPrintable("README.md line " + QString::number(block.line) + ": unknown marker " +
                                        block.marker));
      QVERIFY2(code.contains(m.captured(1)), qPrintable("the marker's text is not in the block: " + m.captured(1)));
      code.replace(m.captured(1), m.captured(2));
    }
    QProcess bash;
    bash.setWorkingDirectory(work.path());
    auto env = QProcessEnvironment::systemEnvironment();
    env.insert("HOME", home.path());
    env.remove("XDG_DATA_HOME");
    bash.setProcessEnvironment(env);
    bash.setProcessChannelMode(QProcess::MergedChannels);
    bash.start("bash", {"-euo", "pipefail", "-c", code});
    QVERIFY(bash.waitForStarted());
    QVERIFY2(bash.waitForFinished(15 * 60 * 1000), qPrintable(code));
    const QString output = QString::fromUtf8(bash.readAll());
    QVERIFY2(bash.exitStatus() == QProcess::NormalExit && bash.exitCode() == 0,
             qPrintable(QString("README.md line %1: the block failed (exit %2):\n%3\n%4")
                            .arg(block.line)
                            .arg(bash.exitCode())
                            .arg(code, output.right(3000))));
    ++ran;
  }
  QVERIFY(ran >= 1);
  // What the quick start promises is there.
  QVERIFY(QFile::exists(work.filePath("runs/starter/best.pt")));
  QVERIFY(QFile::exists(work.filePath("runs/starter/probes.rec")));
  QVERIFY(QFileInfo(work.filePath("attention.json")).size() > 100);
}

STUDIO_TEST_MAIN(TestDocs)
#include "tst_docs.moc"
