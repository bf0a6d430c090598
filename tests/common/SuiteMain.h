#pragma once

// How a suite's file ends, instead of QTEST_MAIN:
//   STUDIO_TEST_MAIN(TestClass)                    a QCoreApplication
//   STUDIO_TEST_MAIN_APP(TestClass, QApplication)  another application class
// Built alone, the suite gets a main() of its own. In a group executable
// (STUDIO_SUITE_GROUP, tests/CMakeLists.txt) it registers itself under its
// file's name instead, and the group's main() (common/SuiteGroup.cpp) runs the
// one named by its first argument: `studio_engine_suites tst_trainer -v2`.
// The body is Qt Test's own main (QTEST_MAIN_WRAPPER, Qt 6.4).

#include <QtTest/QtTest>

#define STUDIO_SUITE_RUNNER(TestObject, Application)               \
  static int studioRunSuite_##TestObject(int argc, char* argv[]) { \
    QTest::Internal::callInitMain<TestObject>();                   \
    Application app(argc, argv);                                   \
    app.setAttribute(Qt::AA_Use96Dpi, true);                       \
    TestObject tc;                                                 \
    QTEST_SET_MAIN_SOURCE_PATH                                     \
    return QTest::qExec(&tc, argc, argv);                          \
  }

#ifdef STUDIO_SUITE_GROUP
namespace studio::test {
// Adds a suite to the group's table under the base name of `file` (its
// __FILE__); a name that is there already stops the program at once.
bool registerSuite(const char* file, int (*run)(int, char**));
}  // namespace studio::test
#define STUDIO_SUITE_ENTRY(TestObject)                                    \
  [[maybe_unused]] static const bool studioSuiteRegistered_##TestObject = \
      studio::test::registerSuite(__FILE__, &studioRunSuite_##TestObject);
#else
#define STUDIO_SUITE_ENTRY(TestObject) \
  int main(int argc, char* argv[]) { return studioRunSuite_##TestObject(argc, argv); }
#endif

#define STUDIO_TEST_MAIN_APP(TestObject, Application) \
  STUDIO_SUITE_RUNNER(TestObject, Application)        \
  STUDIO_SUITE_ENTRY(TestObject)
#define STUDIO_TEST_MAIN(TestObject) STUDIO_TEST_MAIN_APP(TestObject, QCoreApplication)
