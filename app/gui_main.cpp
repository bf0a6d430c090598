// attention-studio: the desktop application.

#include <QApplication>
#include <QCommandLineParser>
#include <QTimer>

#include "app/EngineInfo.h"
#include "ui/MainWindow.h"
#include "ui/TrainingWorkspace.h"

int main(int argc, char** argv) {
  QApplication app(argc, argv);
  QApplication::setApplicationName("attention-studio");
  QApplication::setApplicationDisplayName("Attention Studio");
  QApplication::setOrganizationName("AttentionStudio");
  QApplication::setApplicationVersion(STUDIO_VERSION);

  QCommandLineParser parser;
  parser.setApplicationDescription("Train, use and look inside a Transformer translator.");
  parser.addHelpOption();
  parser.addVersionOption();
  QCommandLineOption smoke("smoke-test", "Show the main window, then quit (for tests).");
  QCommandLineOption screenshot("screenshot", "Save a picture of the main window to FILE, then quit.",
                                "FILE");
  QCommandLineOption open_run("open-run", "Show the history of the run in DIR.", "DIR");
  parser.addOption(smoke);
  parser.addOption(screenshot);
  parser.addOption(open_run);
  parser.process(app);

  studio::app::initializeEngine();
  studio::ui::MainWindow window(studio::app::engineInfo());
  if (parser.isSet(open_run)) window.training()->openRun(parser.value(open_run));
  window.show();

  if (parser.isSet(smoke) || parser.isSet(screenshot)) {
    const QString file = parser.value(screenshot);
    QTimer::singleShot(200, &window, [&window, file]() {
      int code = 0;
      if (!file.isEmpty() && !window.grab().save(file)) code = 1;
      QApplication::exit(code);
    });
  }
  return app.exec();
}
