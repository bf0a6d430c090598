// The user interface's catalogs: every string has a Vietnamese (and English)
// translation, none is unfinished, placeholders survive, the catalogs match
// the sources (lupdate finds nothing new), and the main window built under
// the Vietnamese catalog shows no English string that has a translation.

#include <QAbstractButton>
#include <QApplication>
#include <QComboBox>
#include <QDir>
#include <QFile>
#include <QGroupBox>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QProcess>
#include <QPushButton>
#include <QRegularExpression>
#include <QSet>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTimer>
#include <QTranslator>
#include <QXmlStreamReader>
#include <QtTest/QtTest>

#include "app/EngineInfo.h"
#include "common/SuiteMain.h"
#include "ui/charts/QCustomPlot.h"
#include "ui/training/FirstRunPanel.h"
#include "ui/training/TrainingWorkspace.h"
#include "ui/window/MainWindow.h"

namespace {

struct Message {
  QString context, source, translationType;
  QStringList translations;  // one, or the numerus forms
  bool numerus = false;
};

QList<Message> readCatalog(const QString& path, QString* error) {
  QFile file(path);
  QList<Message> messages;
  if (!file.open(QIODevice::ReadOnly)) {
    *error = "cannot read " + path;
    return messages;
  }
  QXmlStreamReader xml(&file);
  QString context;
  Message current;
  while (!xml.atEnd()) {
    xml.readNext();
    if (xml.isStartElement()) {
      const auto name = xml.name();
      if (name == QLatin1String("name")) {
        context = xml.readElementText();
      } else if (name == QLatin1String("message")) {
        current = Message{};
        current.context = context;
        current.numerus = xml.attributes().value("numerus") == QLatin1String("yes");
      } else if (name == QLatin1String("source")) {
        current.source = xml.readElementText();
      } else if (name == QLatin1String("translation")) {
        current.translationType = xml.attributes().value("type").toString();
        if (!current.numerus) current.translations << xml.readElementText();
      } else if (name == QLatin1String("numerusform")) {
        current.translations << xml.readElementText();
      }
    } else if (xml.isEndElement() && xml.name() == QLatin1String("message")) {
      messages << current;
    }
  }
  if (xml.hasError()) *error = path + ": " + xml.errorString();
  return messages;
}

QSet<QString> placeholders(const QString& text) {
  QSet<QString> found;
  static const QRegularExpression re("%(\\d+|n)");
  for (auto it = re.globalMatch(text); it.hasNext();) found.insert(it.next().captured(0));
  return found;
}

}  // namespace

class TestTranslations : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void catalogsAreComplete_data();
  void catalogsAreComplete();
  void catalogsMatchTheSources();
  void windowShowsVietnamese();
  void theWindowFitsALaptopScreenInEnglish();
  void choosingALanguageOffersARestart();
};

// Why `window` cannot fit a 1366×768 laptop screen ("" when it can).
static QString tooBigForALaptop(const QWidget& window) {
  const QSize smallest = window.minimumSizeHint().expandedTo(window.minimumSize());
  if (smallest.width() <= 1366 && smallest.height() <= 768) return {};
  return QString("the window's smallest size is %1×%2").arg(smallest.width()).arg(smallest.height());
}

void TestTranslations::catalogsAreComplete_data() {
  QTest::addColumn<QString>("path");
  QTest::newRow("vi") << QString(STUDIO_TS_DIR "/attention-studio_vi.ts");
  QTest::newRow("en") << QString(STUDIO_TS_DIR "/attention-studio_en.ts");
}

void TestTranslations::catalogsAreComplete() {
  QFETCH(QString, path);
  QString error;
  const auto messages = readCatalog(path, &error);
  QVERIFY2(error.isEmpty(), qPrintable(error));
  QVERIFY(messages.size() > 200);
  QStringList problems;
  for (const auto& m : messages) {
    if (!m.translationType.isEmpty()) problems << QString("%1 (%2): \"%3\"").arg(m.translationType, m.context, m.source);
    if (m.translations.isEmpty() || std::any_of(m.translations.begin(), m.translations.end(),
                                                [](const QString& t) { return t.trimmed().isEmpty(); }))
      problems << QString("untranslated (%1): \"%2\"").arg(m.context, m.source);
    for (const auto& t : m.translations)
      if (placeholders(t) != placeholders(m.source) && !(m.numerus && placeholders(t) + QSet<QString>{"%n"} ==
                                                                          placeholders(m.source)))
        problems << QString("placeholders differ (%1): \"%2\" -> \"%3\"").arg(m.context, m.source, t);
  }
  QVERIFY2(problems.isEmpty(), qPrintable(problems.join('\n')));
}

void TestTranslations::catalogsMatchTheSources() {
  // lupdate over the same sources into a scratch catalog: the same messages.
  QTemporaryDir tmp;
  const QString scratch = tmp.filePath("scratch_vi.ts");
  QProcess lupdate;
  lupdate.start(STUDIO_LUPDATE, {"@" STUDIO_TR_SOURCE_LIST, "-no-obsolete", "-locations", "none", "-ts", scratch});
  QVERIFY(lupdate.waitForFinished(120000));
  QVERIFY2(lupdate.exitCode() == 0, lupdate.readAllStandardError().constData());
  QString error;
  auto key = [](const Message& m) { return m.context + " | " + m.source; };
  QSet<QString> expected, committed;
  for (const auto& m : readCatalog(scratch, &error)) expected.insert(key(m));
  QVERIFY2(error.isEmpty(), qPrintable(error));
  for (const auto& m : readCatalog(STUDIO_TS_DIR "/attention-studio_vi.ts", &error)) committed.insert(key(m));
  const auto missing = QStringList((expected - committed).values());
  const auto stale = QStringList((committed - expected).values());
  QVERIFY2(missing.isEmpty() && stale.isEmpty(),
           qPrintable("run `cmake --build build --target update_translations` and translate:\nnot in the catalog:\n" +
                      missing.join('\n') + "\nno longer in the sources:\n" + stale.join('\n')));
}

void TestTranslations::windowShowsVietnamese() {
  QTemporaryDir tmp;
  const QString qm = tmp.filePath("attention-studio_vi.qm");
  QProcess lrelease;
  lrelease.start(STUDIO_LRELEASE, {STUDIO_TS_DIR "/attention-studio_vi.ts", "-qm", qm});
  QVERIFY(lrelease.waitForFinished(60000));
  QCOMPARE(lrelease.exitCode(), 0);
  QTranslator translator;
  QVERIFY(translator.load(qm));
  QVERIFY(QCoreApplication::installTranslator(&translator));
  QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, tmp.filePath("settings"));

  QString error;
  QHash<QString, QString> english_to_vietnamese;
  for (const auto& m : readCatalog(STUDIO_TS_DIR "/attention-studio_vi.ts", &error))
    if (!m.numerus && m.translations.value(0) != m.source) english_to_vietnamese.insert(m.source, m.translations[0]);

  studio::ui::MainWindow window(studio::app::engineInfo());
  QCOMPARE(window.tabs()->tabText(0), QString("&Huấn luyện"));
  QStringList shown;
  for (int i = 0; i < window.tabs()->count(); ++i) shown << window.tabs()->tabText(i);
  for (auto* w : window.findChildren<QLabel*>()) shown << w->text();
  for (auto* w : window.findChildren<QAbstractButton*>()) shown << w->text() << w->toolTip();
  for (auto* w : window.findChildren<QGroupBox*>()) shown << w->title();
  for (auto* w : window.findChildren<QLineEdit*>()) shown << w->placeholderText() << w->toolTip();
  for (auto* w : window.findChildren<QComboBox*>()) {
    shown << w->toolTip();
    for (int i = 0; i < w->count(); ++i) shown << w->itemText(i);
  }
  for (auto* menu : window.menuBar()->findChildren<QMenu*>()) {
    shown << menu->title();
    if (menu->objectName() == "Language menu") continue;  // "English", "Tiếng Việt" name themselves
    for (auto* action : menu->actions()) shown << action->text();
  }
  QStringList english;
  for (const QString& text : shown)
    if (english_to_vietnamese.contains(text)) english << text;
  QVERIFY2(english.isEmpty(), qPrintable("shown in English: " + english.join(" | ")));

  // Vietnamese labels are longer: the window must still fit a 1366×768 laptop screen.
  window.show();
  QVERIFY(QTest::qWaitForWindowExposed(&window));
  const QString too_big = tooBigForALaptop(window);
  QVERIFY2(too_big.isEmpty(), qPrintable(too_big));
}

void TestTranslations::theWindowFitsALaptopScreenInEnglish() {
  QTemporaryDir tmp;
  QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, tmp.filePath("settings"));
  studio::ui::MainWindow window(studio::app::engineInfo());
  window.show();
  QVERIFY(QTest::qWaitForWindowExposed(&window));
  const QString too_big = tooBigForALaptop(window);
  QVERIFY2(too_big.isEmpty(), qPrintable(too_big));

  // At that size the charts are readable: on the first start, beside the
  // first-run panel, each plot's area is at least 60 pixels high (and 100
  // once a run has started and the panel has gone).
  window.resize(1366, 740);  // the screen less a panel and a title bar
  auto* first_run = window.training()->firstRun();
  QVERIFY(first_run && first_run->isVisible());
  const auto plots = window.training()->findChildren<QCustomPlot*>();
  QCOMPARE(plots.size(), 4);
  const auto plotsAreAtLeast = [&](int pixels) -> QString {
    QApplication::processEvents();
    for (auto* plot : plots)
      if (plot->axisRect()->height() < pixels)
        return QString("%1: its plot area is %2 pixels high (the first-run panel %3)")
            .arg(plot->objectName())
            .arg(plot->axisRect()->height())
            .arg(first_run->isVisible() ? first_run->height() : 0);
    return {};
  };
  QString small = plotsAreAtLeast(60);
  QVERIFY2(small.isEmpty(), qPrintable(small));
  first_run->hide();
  small = plotsAreAtLeast(100);
  QVERIFY2(small.isEmpty(), qPrintable(small));
}

// The language is read at start: choosing one in View > Language keeps it and
// offers to restart at once; Restart now saves the settings before starting
// the program again, then closes the window; Later leaves everything open.
void TestTranslations::choosingALanguageOffersARestart() {
  QTemporaryDir tmp;
  QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, tmp.filePath("settings"));
  studio::ui::MainWindow window(studio::app::engineInfo());
  int starts = 0;
  QString language_when_started, tab_when_started;
  window.setRestartStarterForTesting([&]() {
    ++starts;
    language_when_started = QSettings().value("ui/language").toString();
    tab_when_started = QSettings().value("window/tab").toString();
    return true;
  });
  window.show();
  QVERIFY(QTest::qWaitForWindowExposed(&window));
  window.tabs()->setCurrentIndex(1);
  QMenu* menu = nullptr;
  for (auto* m : window.menuBar()->findChildren<QMenu*>())
    if (m->objectName() == "Language menu") menu = m;
  QVERIFY(menu);
  auto choose = [&](const QString& name) -> QMessageBox* {
    for (auto* action : menu->actions())
      if (action->text() == name) action->trigger();
    QMessageBox* box = nullptr;
    const bool shown = QTest::qWaitFor([&]() {
      return (box = window.findChild<QMessageBox*>("Restart for the language")) && box->isVisible();
    });
    return shown ? box : nullptr;  // the caller's QVERIFY(box) fails when it never showed
  };

  QMessageBox* box = choose("English");
  QVERIFY(box);
  QCOMPARE(QSettings().value("ui/language").toString(), QString("en"));
  box->findChild<QPushButton*>("Later")->click();
  QCOMPARE(starts, 0);
  QVERIFY(window.isVisible());

  box = choose(QStringLiteral("Tiếng Việt"));
  QVERIFY(box);
  box->findChild<QPushButton*>("Restart now")->click();
  QCOMPARE(starts, 1);
  QCOMPARE(language_when_started, QString("vi"));
  QCOMPARE(tab_when_started, QString("1"));  // the window's settings were saved before the new start
  QVERIFY(!window.isVisible());

  // A restart that cannot start says so and keeps the window.
  window.show();
  window.setRestartStarterForTesting([]() { return false; });
  box = choose("English");
  QVERIFY(box);
  QString warned;  // the warning is modal: read and closed from inside its loop
  QTimer closer;
  closer.setInterval(50);
  QObject::connect(&closer, &QTimer::timeout, [&]() {
    for (auto* shown : window.findChildren<QMessageBox*>())
      if (shown->isVisible() && shown->objectName() != "Restart for the language") {
        warned = shown->text();
        shown->close();
      }
  });
  closer.start();
  box->findChild<QPushButton*>("Restart now")->click();
  closer.stop();
  QVERIFY2(warned.contains("could not start again"), qPrintable(warned));
  QVERIFY(window.isVisible());
}

STUDIO_TEST_MAIN_APP(TestTranslations, QApplication)
#include "tst_translations.moc"
