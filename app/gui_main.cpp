// attention-studio: the desktop application.

#include <QApplication>
#include <QCommandLineParser>
#include <QCoreApplication>
#include <QIcon>
#include <QLocale>
#include <QPainter>
#include <QPixmap>
#include <QSettings>
#include <QSplitter>
#include <QTimer>

#include <cstdio>
#include <string_view>

#include "app/EngineInfo.h"
#include "app/gui/StartOptions.h"
#include "model/runtime/BlasKernels.h"
#include "ui/charts/Palette.h"
#include "ui/training/RunComparisonPanel.h"
#include "ui/training/TrainingWorkspace.h"
#include "ui/translate/SmallAndFastDialog.h"
#include "ui/translate/TranslateWorkspace.h"
#include "ui/window/HelpWindow.h"
#include "ui/window/Language.h"
#include "ui/window/MainWindow.h"

namespace {

// --help and --version print and exit: they need no screen.
bool asksOnlyToPrint(int argc, char** argv) {
  for (int i = 1; i < argc; ++i) {
    const std::string_view arg = argv[i];
    if (arg == "--") break;
    if (arg == "-h" || arg == "-?" || arg == "--help" || arg == "--help-all" || arg == "-v" ||
        arg == "--version")
      return true;
  }
  return false;
}

// Without a display Qt aborts with a message about its platform plugin; a
// newcomer on a server is told what to do instead.
bool hasScreen(int argc, char** argv) {
  if (!qEnvironmentVariableIsEmpty("DISPLAY") || !qEnvironmentVariableIsEmpty("WAYLAND_DISPLAY") ||
      !qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
    return true;
  for (int i = 1; i < argc; ++i)
    if (std::string_view(argv[i]) == "-platform" || std::string_view(argv[i]) == "--platform") return true;
#if defined(Q_OS_LINUX)
  return false;
#else
  return true;
#endif
}

void describe(QCommandLineParser& parser) {
  QCoreApplication::setApplicationName("attention-studio");
  QCoreApplication::setOrganizationName("AttentionStudio");
  QCoreApplication::setApplicationVersion(STUDIO_VERSION);
  parser.setApplicationDescription("Train, use and look inside a Transformer translator.");
  parser.addHelpOption();
  parser.addVersionOption();
}

}  // namespace

int main(int argc, char** argv) {
  // Before anything else: it may start this program again.
  studio::model::startAgainWithKnownBlasKernels(argv);
  if (asksOnlyToPrint(argc, argv)) {
    QCoreApplication core(argc, argv);
    QCommandLineParser parser;
    describe(parser);
    const studio::app::StartOptions options(parser);
    parser.process(core);  // prints and exits
    return 0;
  }
  if (!hasScreen(argc, argv)) {
    std::fprintf(
        stderr,
        "attention-studio: no screen to open a window on (DISPLAY and WAYLAND_DISPLAY are not set).\n"
        "Run it under a virtual one (xvfb-run -a attention-studio), or use attention-studio-cli,\n"
        "which does all of its work headless.\n");
    return 1;
  }
  QApplication app(argc, argv);
  QApplication::setApplicationDisplayName("Attention Studio");
  QApplication::setWindowIcon(QIcon(":/icons/attention-studio.svg"));
  QGuiApplication::setDesktopFileName("io.github.attentionstudio.AttentionStudio");

  QCommandLineParser parser;
  describe(parser);
  const studio::app::StartOptions options(parser);
  parser.process(app);
  if (parser.isSet(options.dark)) {
    QApplication::setStyle("Fusion");
    QApplication::setPalette(studio::ui::darkPalette());
  }

  // The interface language: --language, else the preference, else the system's.
  QString code = parser.value(options.language);
  if (code.isEmpty()) code = QSettings().value("ui/language").toString();
  const QLocale locale = code.isEmpty() ? QLocale::system() : QLocale(code);
  studio::ui::installTranslations(locale);

  studio::app::initializeEngine();
  const auto engine = studio::app::engineInfo();
  qInfo("Attention Studio %s: %s build, LibTorch %s, %s", STUDIO_VERSION, qPrintable(engine.buildKind),
        qPrintable(engine.torchVersion),
        engine.cudaAvailable ? qPrintable(QString("CUDA with %1 GPU(s)").arg(engine.cudaDevices))
                             : qPrintable(QString("CPU with %1 threads").arg(engine.threads)));
  studio::ui::MainWindow window(engine);
  if (!options.applyTo(parser, window)) return 1;
  window.show();

  if (parser.isSet(options.test_runs)) {
    auto* comparison = window.training()->comparison();
    comparison->testRuns();
    // The Compare runs tab shown, as tall as the charts above it.
    for (QWidget* w = comparison; w && w->parentWidget(); w = w->parentWidget())
      if (auto* split = qobject_cast<QSplitter*>(w->parentWidget())) {
        if (split->orientation() != Qt::Vertical) continue;
        const int total = split->sizes().value(0) + split->sizes().value(1);
        split->setSizes({total / 2, total - total / 2});
        break;
      }
    if (parser.isSet(options.screenshot)) {
      const QString file = parser.value(options.screenshot);
      QObject::connect(comparison, &studio::ui::RunComparisonPanel::testFinished, &window, [&window, file] {
        QTimer::singleShot(300, &window,
                           [&window, file] { QApplication::exit(window.grab().save(file) ? 0 : 1); });
      });
      QObject::connect(comparison, &studio::ui::RunComparisonPanel::errorOccurred, &window,
                       [](const QString& message) {
                         std::fprintf(stderr, "error: %s\n", qPrintable(message));
                         QApplication::exit(1);
                       });
      return app.exec();
    }
  }

  if (parser.isSet(options.small_and_fast)) {
    auto* dialog = window.translate()->smallAndFast();
    dialog->setSentences(parser.value(options.small_and_fast).toInt());
    QString unresolved;
    const QString model = studio::app::resolveModelSource(window.translate()->modelSource(), &unresolved);
    dialog->setRankHeads(studio::app::savedRankingFor(model).isEmpty());
    dialog->show();
    dialog->measure();
    if (parser.isSet(options.screenshot)) {
      const QString file = parser.value(options.screenshot);
      auto done = [dialog, file] {
        QTimer::singleShot(300, dialog,
                           [dialog, file] { QApplication::exit(dialog->grab().save(file) ? 0 : 1); });
      };
      QObject::connect(dialog, &studio::ui::SmallAndFastDialog::measured, dialog, done);
      QObject::connect(dialog, &studio::ui::SmallAndFastDialog::failed, dialog, [](const QString& message) {
        std::fprintf(stderr, "error: %s\n", qPrintable(message));
        QApplication::exit(1);
      });
      return app.exec();
    }
  }

  if (auto* help = window.helpWindow(); help && parser.isSet(options.screenshot)) {  // --help-page
    const QString file = parser.value(options.screenshot);
    QTimer::singleShot(500, help, [help, file] { QApplication::exit(help->grab().save(file) ? 0 : 1); });
    return app.exec();
  }

  if (parser.isSet(options.smoke) || parser.isSet(options.screenshot)) {
    const QString file = parser.value(options.screenshot);
    // Waits for the translation and capture asked for above, then grabs.
    auto* poll = new QTimer(&window);
    auto grab = [&window, file, poll]() {
      if (window.isBusy()) return;
      poll->stop();
      QTimer::singleShot(300, &window, [&window, file]() {
        // A dialog open over the window (--alignment-dialog) is drawn where it stands.
        QPixmap picture = window.grab();
        if (auto* dialog = QApplication::activeModalWidget(); dialog && dialog != &window) {
          QPainter painter(&picture);
          const QRect where(window.mapFromGlobal(dialog->mapToGlobal(QPoint(0, 0))), dialog->size());
          painter.drawPixmap(where.topLeft(), dialog->grab());
          painter.setPen(
              dialog->palette().color(QPalette::Shadow));  // its frame (no window manager draws one)
          painter.drawRect(where.adjusted(-1, -1, 0, 0));
        }
        int code = 0;
        if (!file.isEmpty() && !picture.save(file)) code = 1;
        QApplication::exit(code);
      });
    };
    QObject::connect(poll, &QTimer::timeout, &window, grab);
    poll->start(200);
  }
  return app.exec();
}
